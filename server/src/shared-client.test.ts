import { BugzillaApiError, computeClockSkew, createClient } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveFixture } from './testing/cli-server.js';
import { KEYS, standardFixture } from './testing/fixtures.js';

let server: RunningServer;
beforeAll(async () => {
  server = await serveFixture(standardFixture());
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
});
