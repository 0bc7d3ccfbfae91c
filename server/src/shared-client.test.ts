import { BugzillaApiError, computeClockSkew, createClient } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugContentFixture } from '../testing/bug-content-fixture.js';
import { type RunningServer, serveFixture } from '../testing/cli-server.js';
import { KEYS } from '../testing/fixtures.js';

let server: RunningServer;
beforeAll(async () => {
  server = await serveFixture(bugContentFixture());
});
afterAll(async () => {
  await server.stop();
});

describe('the shared client against the real server', () => {
  it.each(['header', 'query'] as const)('calls every method with the key as %s', async (authMode) => {
    const client = createClient({ baseUrl: `${server.url}/rest`, apiKey: KEYS.admin, authMode });
    expect(await client.whoami()).toMatchObject({ login: 'admin@example.com' });
    const [visit] = await client.lastVisit.update('myalias');
    expect(visit?.id).toBe(1);
    expect(await client.lastVisit.update([1, 6])).toHaveLength(2);
    expect(await client.lastVisit.get([6, 3])).toEqual([
      { id: 6, last_visit_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
      { id: 3, last_visit_ts: null },
    ]);
    expect((await client.lastVisit.recent()).map((v) => v.id).slice(0, 2)).toEqual([6, 1]);
    expect(await client.version()).toEqual({ version: '5.2' });
    expect(await client.extensions()).toEqual({ extensions: { BugModal: { version: '1.0' } } });
    expect(await client.timezone()).toEqual({ timezone: '+0000' });
    expect(Object.keys((await client.parameters()).parameters)).toHaveLength(103);
    expect(await client.lastAuditTime(['Tracker::Product'])).toEqual({ last_audit_time: '2026-01-01T00:00:00Z' });
    const sentAt = Date.now();
    const time = await client.time();
    const skew = computeClockSkew({ sentAt, receivedAt: Date.now(), dbTime: time.db_time, webTime: time.web_time });
    expect(skew.trackerClocksDisagree).toBe(false);
    expect(Math.abs(skew.localMinusWebMs)).toBeLessThanOrEqual(skew.uncertaintyMs);
  });

  it('turns Bugzilla errors into BugzillaApiError with the code', async () => {
    const anonymous = createClient({ baseUrl: server.url });
    await expect(anonymous.whoami()).rejects.toMatchObject({ status: 401, code: 410 });
    const wrongKey = createClient({ baseUrl: server.url, apiKey: 'wrong' });
    const error = await wrongKey.time().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BugzillaApiError);
    expect(error).toMatchObject({ status: 400, code: 306 });
    const bob = createClient({ baseUrl: server.url, apiKey: KEYS.bob });
    await expect(bob.lastVisit.update(2)).rejects.toMatchObject({ code: 102 });
  });

  it.each(['header', 'query'] as const)('reads and comments on bugs with the key as %s', async (authMode) => {
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.alice, authMode });
    const { bugs } = await client.bugs.get(['myalias', 2], { includeFields: ['id', 'summary', 'last_change_time'] });
    expect(bugs.map((bug) => bug.id)).toEqual([1, 2]);
    expect(bugs[0]?.summary).toBe('Crash when the summary has an emoji');
    const found = await client.bugs.search({ id: [6, 1, 3] }, { includeFields: ['id'] });
    expect(found.bugs).toEqual([{ id: 1 }, { id: 3 }, { id: 6 }]);
    const { id } = await client.bugs.addComment(1, { comment: `Via the client (${authMode}).`, isPrivate: true });
    const since = await client.bugs.comments('myalias', { newSince: '2026-03-03T11:00:00Z' });
    expect(since.bugs['1']?.comments.map((comment) => comment.id)).toEqual([
      4,
      ...(authMode === 'query' ? [6] : []),
      id,
    ]);
    expect(since.bugs['1']?.comments.at(-1)).toMatchObject({ is_private: true, creator: 'alice@example.com' });
    const history = await client.bugs.history(1, { newSince: '2026-03-03T00:00:00Z' });
    expect(history.bugs[0]?.history.map((set) => set.who)).toEqual(['alice@example.com', 'carol@example.com']);
  });

  it('files and changes bugs: bugs.create, then bugs.update of one bug and of several', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.admin });
    const bug = { product: 'TestProduct', component: 'TestComponent', version: 'unspecified', op_sys: 'All' };
    const { id } = await client.bugs.create({ ...bug, platform: 'All', summary: 'Filed by the client' });
    const { id: other } = await client.bugs.create({ ...bug, platform: 'All', summary: 'And another' });
    const one = await client.bugs.update(id, { status: 'IN_PROGRESS', cc: { add: ['alice@example.com'] } });
    expect(one.bugs).toEqual([
      {
        id,
        alias: [],
        last_change_time: expect.stringMatching(/Z$/),
        changes: {
          status: { removed: 'CONFIRMED', added: 'IN_PROGRESS' },
          cc: { removed: '', added: 'alice@example.com' },
        },
      },
    ]);
    const both = await client.bugs.update([id, other], { priority: 'High', comment: { body: 'Both at once.' } });
    expect(both.bugs.map((changed) => [changed.id, changed.changes.priority?.added])).toEqual([
      [id, 'High'],
      [other, 'High'],
    ]);
    await expect(client.bugs.update(id, { status: 'RESOLVED' })).rejects.toMatchObject({ status: 400, code: 121 });
  });

  it('rejects a comment on a bug the caller may not see with code 102', async () => {
    const bob = createClient({ baseUrl: server.url, apiKey: KEYS.bob });
    await expect(bob.bugs.addComment(2, { comment: 'Let me in.' })).rejects.toMatchObject({ status: 401, code: 102 });
    await expect(bob.bugs.get(2)).rejects.toMatchObject({ code: 102 });
  });
});
