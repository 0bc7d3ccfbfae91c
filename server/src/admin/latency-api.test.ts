import type { Latency, RecordedRequest } from '@bz-companion/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../testing/fixtures.js';
import { type BzServer, startServer } from '../../testing/test-server.js';

let bz: BzServer;

beforeAll(async () => {
  bz = await startServer({ fixture: standardFixture(), latency: { path: '/rest/timezone', fixed_ms: 40 } });
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer of a different admin endpoint.
async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${bz.url}__admin/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function timed(path: string): Promise<number> {
  const started = performance.now();
  expect((await fetch(`${bz.url}${path.slice(1)}`)).status).toBe(200);
  return performance.now() - started;
}

const lastEntry = () => bz.requests().at(-1) as RecordedRequest;

describe('latency', () => {
  it("startServer's rule delays its path only, and the journal records the delay", async () => {
    expect(await timed('/rest/timezone')).toBeGreaterThanOrEqual(39);
    expect(lastEntry()).toMatchObject({ path: '/rest/timezone', delay_ms: 40 });
    expect(lastEntry().duration_ms).toBeGreaterThanOrEqual(39);
    await timed('/rest/version');
    expect(lastEntry()).toMatchObject({ path: '/rest/version', delay_ms: 0 });
  });

  it('the admin API adds, lists and removes rules; a reset goes back to the starting ones', async () => {
    const added = await admin('POST', 'latency', { method: 'GET', path_prefix: '/rest/ver', fixed_ms: 30 });
    expect(added).toEqual({
      status: 201,
      json: { id: expect.any(String), method: 'GET', path_prefix: '/rest/ver', fixed_ms: 30, matched: 0 },
    });
    expect(await timed('/rest/version')).toBeGreaterThanOrEqual(29);
    expect(lastEntry().delay_ms).toBe(30);
    const listed = (await admin('GET', 'latency')).json.latency as Latency[];
    expect(listed.map((rule) => [rule.fixed_ms, rule.matched])).toEqual([
      [40, 0],
      [30, 1],
    ]);
    expect(await admin('DELETE', `latency/${added.json.id}`)).toEqual({
      status: 200,
      json: { deleted: added.json.id },
    });
    expect(await admin('DELETE', `latency/${added.json.id}`)).toEqual({
      status: 404,
      json: { error: true, message: `no latency rule with id "${added.json.id}"` },
    });
    expect(await admin('DELETE', 'latency')).toEqual({ status: 200, json: { cleared: 1 } });
    await bz.reset();
    expect((await admin('GET', 'latency')).json.latency).toHaveLength(1);
  });

  it('refuses a bad rule with 400 naming the problem, changing nothing', async () => {
    expect(await admin('POST', 'latency', { lognormal_ms: { median: 50, p99: 10 } })).toEqual({
      status: 400,
      json: { error: true, message: 'latency.lognormal_ms: p99 must not be under the median' },
    });
    expect((await admin('GET', 'latency')).json.latency).toHaveLength(1);
  });

  it('holds the answer, not the work: a visit under a 2 s delay is recorded before its answer arrives', async () => {
    bz.latency({ method: 'POST', path_prefix: '/rest/bug_user_last_visit', fixed_ms: 2000 });
    const headers = { 'X-BUGZILLA-API-KEY': KEYS.bob };
    const visited = async () => {
      const answer = await fetch(`${bz.url}rest/bug_user_last_visit/6`, { headers });
      return ((await answer.json()) as Array<{ last_visit_ts: string | null }>)[0]?.last_visit_ts != null;
    };
    expect(await visited()).toBe(false);
    let answered = false;
    const posted = fetch(`${bz.url}rest/bug_user_last_visit/6`, { method: 'POST', headers }).then((answer) => {
      answered = true;
      return answer.status;
    });
    while (!(await visited())) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    expect(await posted).toBe(200);
  });

  it('holds an error answer for its delay too', async () => {
    bz.latency({ path: '/rest/bug/999999', fixed_ms: 60 });
    const started = performance.now();
    expect((await fetch(`${bz.url}rest/bug/999999`)).status).toBe(404);
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
  });

  it('a delay fault is journaled as a delay too', async () => {
    bz.fault({ path: '/rest/version', delay_ms: 20, times: 1 });
    await timed('/rest/version');
    expect(lastEntry().delay_ms).toBe(20);
  });

  it('startServer refuses a bad rule before it binds a port', async () => {
    await expect(startServer({ latency: { fixed_ms: -5 } })).rejects.toThrow('latency.fixed_ms: must be 0 or more');
  });

  it('from code: latency(), removeLatency(), clearLatency()', async () => {
    const id = bz.latency({ uniform_ms: { min: 5, max: 10 } });
    await timed('/rest/version');
    expect(lastEntry().delay_ms).toBeGreaterThanOrEqual(5);
    expect(lastEntry().delay_ms).toBeLessThanOrEqual(10);
    expect(bz.removeLatency(id)).toBe(true);
    expect(bz.clearLatency()).toBe(1);
  });
});
