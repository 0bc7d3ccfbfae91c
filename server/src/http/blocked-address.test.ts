import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, bmoFixture } from '../../testing/bmo-fixture.js';
import { expectBugzillaError, httpClient } from '../../testing/http.js';
import { type BzServer, startServer } from '../../testing/test-server.js';

/*
 * BMO's rate limits over HTTP (the bmo profile, turned on by the fixture's `rate_limit_active`):
 * the call over the limit is refused with BMO's rate_limit error, and then the address is blocked
 * for an hour with HTTP 429 and BMO's HTML page (Bugzilla.pm, Bugzilla/App/Plugin/BlockIP.pm).
 */

const LIMITED = bmoFixture({ rate_limit_active: '1' });
let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: LIMITED, clock: '2026-06-01T00:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

const statuses = async (times: number, path: string, key?: string) => {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await api(path, { key })).status);
  return seen;
};

async function expectBlocked(): Promise<void> {
  const blocked = await api('/rest/version');
  expect(blocked.status).toBe(429);
  expect(blocked.statusText).toBe('Too Many Requests');
  expect(blocked.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await blocked.text()).toContain('You will be unblocked in 60 minutes.');
}

describe('rate limits under bmo', () => {
  it('lets 75 anonymous Bug.get a minute through, refuses the 76th with rate_limit, then blocks the address', async () => {
    expect(new Set(await statuses(75, '/rest/bug/1'))).toEqual(new Set([200]));
    await expectBugzillaError(await api('/rest/bug/1'), 400, 32000, 'You have exceeded the rate limit.');
    await expectBlocked();
    // The admin API is never blocked, and the hour runs from the last blocked request.
    bz.clock.advance(3599);
    await expectBlocked();
    bz.clock.advance(3601);
    expect((await api('/rest/version')).status).toBe(200);
  });

  it('counts Bug.comments and Bug.attachments apart, and never a logged-in caller', async () => {
    expect(new Set(await statuses(80, '/rest/bug/1', BMO_KEYS.dev))).toEqual(new Set([200]));
    expect(new Set(await statuses(75, '/rest/bug/1/comment'))).toEqual(new Set([200]));
    expect(new Set(await statuses(75, '/rest/bug/1/attachment'))).toEqual(new Set([200]));
    expect((await api('/rest/bug/1')).status).toBe(200);
    await expectBugzillaError(await api('/rest/bug/1/comment'), 400, 32000, 'You have exceeded the rate limit.');
    await expectBlocked();
  });

  it('refuses the sixth bad API key in a minute with rate_limit, then blocks (a revoked key is not counted)', async () => {
    for (let i = 0; i < 7; i++) {
      await expectBugzillaError(await api('/rest/whoami', { key: BMO_KEYS.revoked }), 400, 306, /has been revoked/);
    }
    const bad = async (n: number) => (await api(`/rest/whoami?api_key=bogus${n}`)).status;
    const five = await Promise.all([1, 2, 3, 4, 5].map(bad));
    expect(five).toEqual([400, 400, 400, 400, 400]);
    await expectBugzillaError(
      await api('/rest/whoami?api_key=bogus6'),
      400,
      32000,
      'You have exceeded the rate limit.',
    );
    await expectBlocked();
  });

  it('starts afresh after a reset, and is off without rate_limit_active', async () => {
    await statuses(76, '/rest/bug/1');
    await bz.reset(bmoFixture());
    expect(new Set(await statuses(90, '/rest/bug/1'))).toEqual(new Set([200]));
  });
});

describe('rate limits under another profile', () => {
  it('are never counted, whatever the parameters say', async () => {
    const other = await startServer({
      fixture: { ...LIMITED, instance: { ...LIMITED.instance, profile: 'bugzilla-5.2' } },
    });
    try {
      const seen = new Set<number>();
      for (let i = 0; i < 80; i++) seen.add((await fetch(`${other.url}rest/bug/1`)).status);
      expect(seen).toEqual(new Set([200]));
    } finally {
      await other.stop();
    }
  });
});
