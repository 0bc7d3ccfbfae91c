import { type BzServer, startServer } from '@bz-companion/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const fixture = {
  users: [{ login: 'dev@example.com', api_keys: ['DevKey0123456789abcdefghijklmnopqrstuvw'] }],
  bugs: [{ id: 1, alias: 'first-bug' }, { id: 2 }],
};

let bz: BzServer;
beforeAll(async () => {
  bz = await startServer({ fixture, clock: '2026-01-01T00:00:00Z' });
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset()); // fresh data, no faults, the clock back at the start, an empty journal

/** The code under test: records a visit the way a Bugzilla client would. */
async function recordVisit(baseUrl: string, apiKey: string, bug: number | string) {
  const response = await fetch(`${baseUrl}rest/bug_user_last_visit/${bug}`, {
    method: 'POST',
    headers: { 'X-BUGZILLA-API-KEY': apiKey },
  });
  if (!response.ok) throw new Error(`tracker answered ${response.status}`);
  return response.json();
}

describe('recordVisit', () => {
  it('records the visit at the tracker time and sends the key as a header', async () => {
    bz.clock.advance(90);
    const visits = await recordVisit(bz.url, bz.apiKey('dev@example.com'), 'first-bug');
    expect(visits).toEqual([{ id: 1, last_visit_ts: '2026-01-01T00:01:30Z' }]);
    const [sent] = bz.requests();
    expect(sent).toMatchObject({ method: 'POST', path: '/rest/bug_user_last_visit/first-bug', status: 200 });
    expect(sent?.user).toBe('dev@example.com');
    expect(sent?.headers['x-bugzilla-api-key']).toBe('[REDACTED]'); // keys never reach the journal
  });

  it('reports a tracker that is down', async () => {
    bz.fault({ path: '/rest/bug_user_last_visit/2', status: 503, times: 1 });
    await expect(recordVisit(bz.url, bz.apiKey('dev@example.com'), 2)).rejects.toThrow('tracker answered 503');
    // The fault was used up: the retry goes through.
    await expect(recordVisit(bz.url, bz.apiKey('dev@example.com'), 2)).resolves.toHaveLength(1);
  });

  it('fails cleanly when the connection drops', async () => {
    bz.fault({ method: 'POST', path_prefix: '/rest/', reset: true });
    await expect(recordVisit(bz.url, bz.apiKey('dev@example.com'), 1)).rejects.toThrow(TypeError);
  });
});
