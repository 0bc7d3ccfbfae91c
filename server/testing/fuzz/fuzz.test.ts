import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveFixture } from '../cli-server.js';
import { KEYS, standardFixture } from '../fixtures.js';
import { fuzzRequest } from '../fuzz-arbitraries.js';
import { CutRequest, type RawResponse, sendRaw } from '../raw-request.js';

/** `npm run stress` raises this to thousands. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const USERS = [KEYS.admin, KEYS.alice, KEYS.bob];

let server: RunningServer;
beforeAll(async () => {
  server = await serveFixture(standardFixture());
});
afterAll(async () => {
  await server.stop();
});

/** Everything the API can tell about stored data: every user's visits, and the bugs and comments they see. */
async function dataFingerprint(): Promise<string> {
  const paths = [
    '/rest/bug_user_last_visit/1?ids=2&ids=3&ids=4&ids=5&ids=6',
    '/rest/bug?include_fields=id,last_change_time',
    '/rest/bug/1/comment?ids=6&include_fields=id,text,is_private',
  ];
  const views = await Promise.all(
    USERS.flatMap((key) =>
      paths.map((path) =>
        sendRaw(server.url, { method: 'GET', path, headers: { 'X-BUGZILLA-API-KEY': key } }).then(
          (response) => response.body,
        ),
      ),
    ),
  );
  return views.join('\n');
}

function assertBugzillaShaped(response: RawResponse, method: string): void {
  expect(response.status, response.body).toBeLessThan(500);
  if (method === 'HEAD' || response.status === 304) return;
  expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
  const body = JSON.parse(response.body) as { error?: unknown; code?: unknown; message?: unknown };
  if (response.status >= 400) {
    expect(body).toMatchObject({ error: true, code: expect.any(Number), message: expect.any(String) });
  } else {
    expect(body.error).toBeUndefined();
  }
}

describe('fuzzing every endpoint', () => {
  // Among them bodies trickled or cut mid-way, and one id named thousands of times with its data asked.
  it(`answers ${RUNS} malformed requests with Bugzilla errors or successes, and rejected ones change nothing`, async () => {
    let before = await dataFingerprint();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(USERS), async (raw) => {
        const response = await sendRaw(server.url, raw).catch((error: Error) => {
          if (server.process.exitCode !== null) throw new Error(`the server died: ${server.stderr()}`);
          if (error instanceof CutRequest) return undefined;
          throw error;
        });
        // A request cut mid-body got no answer: it must have changed nothing, and the server must live on.
        if (response === undefined) {
          expect(await dataFingerprint()).toBe(before);
          return;
        }
        assertBugzillaShaped(response, raw.method);
        const after = await dataFingerprint();
        const accepted =
          (raw.method === 'POST' || raw.method === 'PUT') && (response.status === 200 || response.status === 201);
        if (!accepted) expect(after).toBe(before);
        before = after;
      }),
      { numRuns: RUNS },
    );
    expect(server.process.exitCode).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // On PostgreSQL each request and fingerprint is a few round trips more.
  }, 300_000);
});
