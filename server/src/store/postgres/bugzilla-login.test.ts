import type { EndpointKey } from '@bz-companion/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendRecorded, stepsBefore, TokenMap } from '../../profiles/recorded-replay.js';
import { comparable, isServed, recordedCases } from '../../profiles/recordings.js';
import { routeTable } from '../../routes/api-router.js';
import { ManualClock } from '../../testing/in-process-server.js';
import { type BugzillaServer, bugzillaVisits, openBugzillaServer, otherTables } from './bugzilla-test-database.js';
import { describeWithPostgres, useFreshDatabase } from './test-database.js';

/**
 * profiles.cryptpassword as Bugzilla 5.2's bz_crypt writes it, for the data set's test passwords, made by
 * Perl as bz_crypt makes them (the independent oracle):
 *   perl -MDigest -e '$h = Digest->new("SHA-256"); $h->add($password, $salt); print "$salt,", $h->b64digest, "{SHA-256}"'
 * The admin's (never used by the recordings) is a crypt(3) hash of Bugzilla before 3.6, which we do not support.
 */
const CRYPTPASSWORDS: Record<string, string> = {
  'admin@example.com': 'abGWyrNKX3NXE', // crypt('oracle-pw-admin', 'ab')
  'user@example.com': 'Ab3dEf6h,BRZruOD+dANpXcwszZh/y+Fd5snkXy4lVlF8RQaueO4{SHA-256}',
  'disabled@example.com': 'Dz4uKp1M,P5DdDvVbtjKgfPD/ijmug6bYdluGv+UEjXQ9VVpv4gg{SHA-256}',
  'revoked@example.com': 'Rv7wXy2Q,LalweU6X5TMawCIFGETVchQPhV2M3NRx7CN43+jJ+/M{SHA-256}',
  'dev@example.com': 'k9LmN3bV,da+NsSB2lSuOLdJUtIq0NCkbuu5zyWtmpow2AUovbXo{SHA-256}',
};

describeWithPostgres("password logins over a Bugzilla 5.2 database, checked against Bugzilla's own hashes", () => {
  const url = useFreshDatabase();
  const clock = new ManualClock(Date.parse('2026-11-22T17:48:52Z'));
  let bugzilla: BugzillaServer;

  beforeAll(async () => {
    bugzilla = await openBugzillaServer(url(), {
      clock,
      prepare: async (sql) => {
        for (const [login, hash] of Object.entries(CRYPTPASSWORDS)) {
          await sql.query('UPDATE profiles SET cryptpassword = $1 WHERE login_name = $2', [hash, login]);
        }
      },
    });
  });
  afterAll(() => bugzilla?.close());

  // The recorded login-tokens family, in order (a token made in #2 is used until #39 logs it out).
  const endpoints = Object.keys(routeTable) as EndpointKey[];
  const cases = recordedCases('login-tokens').filter((c) => isServed(endpoints, c));
  const tokens = new TokenMap();
  const applied = new Set<number>();
  for (const recorded of cases) {
    it(`answers login-tokens #${recorded.n} (${recorded.name}) as 5.2 did`, async () => {
      stepsBefore('login-tokens', recorded.n, cases, clock, applied);
      const ours = await sendRecorded(bugzilla.server.url, recorded, tokens);
      expect(comparable(ours.status, ours.text)).toEqual(comparable(recorded.response.status, recorded.response.body));
    });
  }

  it('refuses a crypt(3) hash of Bugzilla before 3.6 as a wrong password (not supported)', async () => {
    const response = await fetch(`${bugzilla.server.url}/rest/login?login=admin@example.com&password=oracle-pw-admin`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: true, code: 300 });
  });

  it("writes none of Bugzilla's tables but the visit #37 made: its tokens are in a table of ours, beside Bugzilla's schema", async () => {
    expect(await otherTables(bugzilla.sql)).toEqual(bugzilla.before);
    const visits = await bugzillaVisits(bugzilla.sql);
    const changed = visits.filter(
      (row) => !bugzilla.visitsBefore.some((old) => old.id === row.id && old.last_visit_ts === row.last_visit_ts),
    );
    expect(changed.map((row) => `${row.user_id}/${row.bug_id}`)).toEqual(['2/10']);
    const { rows } = await bugzilla.sql.query<{ tokens: string }>(
      'SELECT count(*) AS tokens FROM bz_companion.login_tokens WHERE user_id = 2',
    );
    expect(Number(rows[0]?.tokens)).toBeGreaterThan(0);
  });
});
