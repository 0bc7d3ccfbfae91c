import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS } from '../bugzilla-5.2-fixture.js';
import { type BugzillaServer, bugzillaVisits, openBugzillaServer, otherTables } from '../bugzilla-test-database.js';
import { fuzzRequest } from '../fuzz-arbitraries.js';
import { ManualClock } from '../in-process-server.js';
import { describeWithPostgres, useFreshDatabase } from '../postgres-test-database.js';
import { CutRequest, type RawResponse, sendRaw } from '../raw-request.js';

/** `npm run stress` raises this; a Bugzilla database gets half the default's runs. */
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 300) / 2);

/** Bugzilla-shaped, never a 5xx; the one HTTP 200 error allowed is a reproduced Perl crash (100500). */
function assertBugzillaShaped(response: RawResponse, method: string): void {
  expect(response.status, response.body).toBeLessThan(500);
  if (method === 'HEAD' || response.status === 304) return;
  expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
  const body = JSON.parse(response.body) as { error?: unknown };
  if (response.status >= 400) expect(body).toMatchObject({ error: true, code: expect.any(Number) });
  else if (body.error !== undefined) expect(body).toMatchObject({ error: true, code: 100500 });
}

describeWithPostgres('fuzzing every endpoint over a Bugzilla database (--bugzilla-schema)', () => {
  const url = useFreshDatabase();
  let bugzilla: BugzillaServer;
  beforeAll(async () => {
    bugzilla = await openBugzillaServer(url(), { clock: new ManualClock(Date.parse('2026-11-22T17:48:52Z')) });
  });
  afterAll(() => bugzilla?.close());

  it(`answers ${RUNS} malformed requests with Bugzilla errors or successes; Bugzilla's own tables are never written`, async () => {
    const keys = [BUGZILLA_52_KEYS.admin, BUGZILLA_52_KEYS.user, BUGZILLA_52_KEYS.dev];
    let visits = JSON.stringify(await bugzillaVisits(bugzilla.sql));
    await fc.assert(
      fc.asyncProperty(fuzzRequest(keys), async (raw) => {
        const response = await sendRaw(bugzilla.server.url, raw).catch((error: Error) => {
          if (error instanceof CutRequest) return undefined;
          throw error;
        });
        // A request cut mid-body got no answer: it must have changed nothing.
        if (response === undefined) {
          expect(JSON.stringify(await bugzillaVisits(bugzilla.sql))).toBe(visits);
          return;
        }
        assertBugzillaShaped(response, raw.method);
        const after = JSON.stringify(await bugzillaVisits(bugzilla.sql));
        const accepted = raw.method === 'POST' && response.status === 200;
        if (!accepted) expect(after).toBe(visits);
        visits = after;
      }),
      { numRuns: RUNS },
    );
    // Only bug_user_last_visit is ours to write among Bugzilla's tables.
    expect(await otherTables(bugzilla.sql)).toEqual(bugzilla.before);
  }, 300_000);
});
