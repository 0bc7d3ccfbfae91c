import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * Requests of users who block them, refused as bugzilla.mozilla.org refuses them
 * (extensions/Review/Extension.pm and extensions/Needinfo/Extension.pm `_check_requestee`), on
 * every flag write: an attachment's review, a new bug's needinfo. The fixture's `out` blocks both.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

const patch = (requestee: string) => ({
  ids: [1],
  data: Buffer.from('patch').toString('base64'),
  file_name: 'fix.diff',
  summary: 'Fix',
  content_type: 'text/plain',
  flags: [{ name: 'review', status: '?', requestee }],
});

const attachmentCount = async () =>
  (await getOk<{ bugs: Record<string, unknown[]> }>(api, '/rest/bug/1/attachment', BMO_KEYS.admin)).bugs['1']?.length;

describe('blocked requestees under bmo', () => {
  it("refuses a review asked of a user who blocks reviews, with BMO's text, adding nothing", async () => {
    const before = await attachmentCount();
    const refused = await api('/rest/bug/1/attachment', {
      method: 'POST',
      key: BMO_KEYS.dev,
      json: patch(BMO_LOGINS.out),
    });
    await expectBugzillaError(
      refused,
      400,
      32000,
      `Otto Outsider <${BMO_LOGINS.out}> is not currently accepting 'review' requests.`,
    );
    expect(await attachmentCount()).toBe(before);
    const asked = await api('/rest/bug/1/attachment', {
      method: 'POST',
      key: BMO_KEYS.dev,
      json: patch(BMO_LOGINS.triager),
    });
    expect(asked.status).toBe(201);
  });

  it('refuses a new bug whose needinfo asks a user who blocks needinfo', async () => {
    const bug = (requestee: string) => ({
      product: 'Firefox',
      component: 'General',
      version: 'unspecified',
      op_sys: 'All',
      platform: 'All',
      summary: 'Needs info',
      description: 'Who knows?',
      flags: [{ name: 'needinfo', status: '?', requestee }],
    });
    const refused = await api('/rest/bug', { method: 'POST', key: BMO_KEYS.dev, json: bug(BMO_LOGINS.out) });
    await expectBugzillaError(
      refused,
      400,
      32000,
      `Otto Outsider <${BMO_LOGINS.out}> is not currently accepting "needinfo" requests.`,
    );
    const created = await api('/rest/bug', { method: 'POST', key: BMO_KEYS.dev, json: bug(BMO_LOGINS.triager) });
    expect(created.status).toBe(200);
  });
});

describe('blocked requestees under upstream 5.2', () => {
  it('are asked: 5.2 has no such setting', async () => {
    const fixture = bmoFixture();
    const upstream = await startServer({
      fixture: { ...fixture, instance: { ...fixture.instance, profile: 'bugzilla-5.2' as const } },
      clock: '2026-06-01T12:00:00Z',
    });
    try {
      const response = await httpClient(upstream.url)('/rest/bug/1/attachment', {
        method: 'POST',
        json: { api_key: BMO_KEYS.dev, ...patch(BMO_LOGINS.out) },
      });
      expect(response.status).toBe(201);
    } finally {
      await upstream.stop();
    }
  });
});
