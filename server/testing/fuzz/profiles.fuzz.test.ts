import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/profiles/profile.js';
import { KEYS, standardFixture } from '../fixtures.js';
import { fuzzRequest } from '../fuzz-arbitraries.js';
import { type InProcessServer, serveInProcess } from '../in-process-server.js';
import { CutRequest, type RawResponse, sendRaw } from '../raw-request.js';

/** `npm run stress` raises this; each profile gets half the default's runs. */
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 300) / 2);

/** Every stored visit, as a test can read it whatever the profile lets the API show. */
function visitsFingerprint(server: InProcessServer): string {
  const rows: string[] = [];
  for (let user = 1; user <= 5; user++) {
    for (let bug = 1; bug <= 6; bug++) rows.push(String(server.store.lastVisit(user, bug) ?? '-'));
  }
  return rows.join(',');
}

/** Bugzilla-shaped, never a 5xx; the one HTTP 200 error allowed is a reproduced Perl crash (100500). */
function assertBugzillaShaped(response: RawResponse, method: string): { error: boolean } {
  expect(response.status, response.body).toBeLessThan(500);
  if (method === 'HEAD' || response.status === 304) return { error: response.status >= 400 };
  expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
  const body = JSON.parse(response.body) as { error?: unknown; code?: unknown; message?: unknown };
  if (response.status >= 400) {
    expect(body).toMatchObject({ error: true, code: expect.any(Number), message: expect.any(String) });
    return { error: true };
  }
  if (body.error !== undefined) expect(body).toMatchObject({ error: true, code: 100500 });
  return { error: body.error !== undefined };
}

const PROFILES: ProfileName[] = ['bugzilla-5.2', 'bugzilla-5.1', 'bmo'];

describe.each(PROFILES)('fuzzing every endpoint under %s', (profile) => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await serveInProcess(standardFixture(), { profile });
  });
  afterAll(() => server.stop());

  it(`answers ${RUNS} malformed requests with Bugzilla errors or successes, and rejected ones change nothing`, async () => {
    let before = visitsFingerprint(server);
    await fc.assert(
      fc.asyncProperty(fuzzRequest([KEYS.admin, KEYS.alice, KEYS.bob]), async (raw) => {
        const response = await sendRaw(server.url, raw).catch((error: Error) => {
          if (error instanceof CutRequest) return undefined;
          throw error;
        });
        // A request cut mid-body got no answer: it must have changed nothing.
        if (response === undefined) {
          expect(visitsFingerprint(server)).toBe(before);
          return;
        }
        const { error } = assertBugzillaShaped(response, raw.method);
        const after = visitsFingerprint(server);
        if (error || raw.method !== 'POST') expect(after).toBe(before);
        before = after;
      }),
      { numRuns: RUNS },
    );
  });
});
