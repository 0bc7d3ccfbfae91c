import type { EndpointKey } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BugzillaServer,
  bugzillaVisits,
  openBugzillaServer,
  otherTables,
} from '../../../testing/bugzilla-test-database.js';
import { ManualClock, serveStoreInProcess } from '../../../testing/in-process-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { sendRecorded, stepsBefore, TokenMap } from '../../../testing/recorded-replay.js';
import { comparable, isServed, recordedCases } from '../../../testing/recordings.js';
import { routeTable } from '../../webservice/table/method-table.js';
import { BugzillaSchemaStore } from './bugzilla-schema-store.js';

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

  describe('with failed logins Bugzilla itself recorded (login_failure)', () => {
    /** Rows as Bugzilla's note_login_failure writes them (LOCALTIMESTAMP(0)), `minutesAgo` before the server's clock. */
    const bugzillaFailures = async (userId: number, minutesAgo: number[]) => {
      for (const minutes of minutesAgo) {
        await bugzilla.sql.query(
          `INSERT INTO login_failure (user_id, login_time, ip_addr) VALUES ($1, $2::timestamptz::timestamp(0), '127.0.0.1')`,
          [userId, new Date(clock.ms - minutes * 60_000).toISOString()],
        );
      }
    };
    const loginFailureRows = async () =>
      (await bugzilla.sql.query('SELECT * FROM login_failure ORDER BY user_id, login_time')).rows;
    const loginAs = async (login: string, password: string) => {
      const response = await fetch(`${bugzilla.server.url}/rest/login?login=${login}&password=${password}`);
      return { status: response.status, body: (await response.json()) as { code?: number; message?: string } };
    };

    it('locks out here an address Bugzilla locked out, even with the right password, and leaves its rows alone', async () => {
      await bugzillaFailures(5, [1, 2, 3, 4, 5]);
      const rows = await loginFailureRows();
      const answer = await loginAs('dev@example.com', 'oracle-pw-dev');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 32000, message: expect.stringContaining('has been locked out') });
      expect(await loginFailureRows()).toEqual(rows);
    });

    it('counts only those of the last 30 minutes, and ours with them', async () => {
      await bugzillaFailures(3, [31, 32, 33, 34, 35]);
      // Five old ones and ours: one failure, the plain 300 (six would be a lock-out).
      expect((await loginAs('disabled@example.com', 'wrong')).body).toMatchObject({
        code: 300,
        message: 'The login or password you entered is not valid.',
      });
      await bugzillaFailures(3, [1, 2, 3]);
      // Three recent ones of Bugzilla's and our second: the fifth within 30 minutes locks the address out (5.2 #53).
      expect((await loginAs('disabled@example.com', 'wrong')).body).toMatchObject({ code: 32000 });
    });
    it("shares ours between instances in bz_companion.login_failures: a login through one stops Bugzilla's counting on both", async () => {
      const other = await BugzillaSchemaStore.open(url(), bugzilla.dir);
      const second = await serveStoreInProcess(other, { clock });
      const attempt = async (base: string, password: string) => {
        const response = await fetch(`${base}/rest/login?login=revoked@example.com&password=${password}`);
        return { status: response.status, body: (await response.json()) as { code?: number; message?: string } };
      };
      const [{ userid }] = (
        await bugzilla.sql.query<{ userid: number }>(
          "SELECT userid FROM profiles WHERE login_name = 'revoked@example.com'",
        )
      ).rows as [{ userid: number }];
      try {
        // Past the failures the recorded cases made.
        clock.advanceSeconds(31 * 60);
        await bugzillaFailures(userid, [1, 2, 3]);
        const rows = await loginFailureRows();
        // Bugzilla's three and ours through the second instance: one more try.
        expect((await attempt(second.url, 'wrong')).body.message).toMatch(/after 1 more attempt\(s\)/);
        expect((await attempt(bugzilla.server.url, 'oracle-pw-revoked')).status).toBe(200);
        // Through the other instance, Bugzilla's three no longer count after that login: the first failure again.
        expect((await attempt(second.url, 'wrong')).body).toMatchObject({
          code: 300,
          message: 'The login or password you entered is not valid.',
        });
        for (let i = 0; i < 3; i++) await attempt(bugzilla.server.url, 'wrong');
        // The fifth since the login, counted over both instances.
        expect((await attempt(second.url, 'wrong')).body).toMatchObject({ code: 32000 });
        expect(await loginFailureRows()).toEqual(rows);
        const { rows: ours } = await bugzilla.sql.query(
          'SELECT count(*)::int AS n FROM bz_companion.login_failures WHERE user_id = $1',
          [userid],
        );
        expect(ours).toEqual([{ n: 5 }]);
      } finally {
        await second.stop();
        await other.close();
      }
    });
  });

  describe('with a database role that may not create our token table', () => {
    const role = `bzc_test_restricted_${process.pid}`;
    const asRole = () => {
      const target = new URL(url());
      target.username = role;
      return target.toString();
    };
    const serveAsRole = async () => {
      const store = await BugzillaSchemaStore.open(asRole(), bugzilla.dir);
      return { store, server: await serveStoreInProcess(store, { clock }) };
    };
    const login = (base: string) => fetch(`${base}/rest/login?login=user@example.com&password=oracle-pw-user`);

    beforeAll(async () => {
      // What a Bugzilla's own role needs to be served by us (reads, and writes to bug_user_last_visit), no more.
      await bugzilla.sql.query(`CREATE ROLE ${role} LOGIN`);
      await bugzilla.sql.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
      await bugzilla.sql.query(`GRANT INSERT, UPDATE ON bug_user_last_visit TO ${role}`);
      await bugzilla.sql.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    });
    afterAll(async () => {
      await bugzilla.sql.query(`DROP OWNED BY ${role}`);
      await bugzilla.sql.query(`DROP ROLE ${role}`);
    });

    it('serves, refusing password logins with a clear error; API keys work', async () => {
      const { store, server } = await serveAsRole();
      try {
        const refused = await login(server.url);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({
          code: 32000,
          message: expect.stringContaining('bz_companion.login_tokens'),
        });
        const visit = await fetch(
          `${server.url}/rest/bug_user_last_visit/10?Bugzilla_api_key=OracleUserKey00000000000000000000000000U`,
          { method: 'POST' },
        );
        expect(visit.status).toBe(200);
      } finally {
        await server.stop();
        await store.close();
      }
    });

    it('logs in once an administrator has given it the table', async () => {
      await bugzilla.sql.query(`GRANT USAGE ON SCHEMA bz_companion TO ${role}`);
      await bugzilla.sql.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON bz_companion.login_tokens TO ${role}`);
      const { store, server } = await serveAsRole();
      try {
        const answer = await login(server.url);
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ id: 2, token: expect.stringMatching(/^2-[A-Za-z0-9]{10}$/) });
      } finally {
        await server.stop();
        await store.close();
      }
    });

    it('counts its failures in the shared table once an administrator has given it that too (else in memory)', async () => {
      const ours = async () =>
        (await bugzilla.sql.query('SELECT count(*)::int AS n FROM bz_companion.login_failures WHERE user_id = 2'))
          .rows[0].n as number;
      const before = await ours();
      const failOnce = async () => {
        const { store, server } = await serveAsRole();
        try {
          const wrong = await fetch(`${server.url}/rest/login?login=user@example.com&password=wrong`);
          expect(wrong.status).toBe(401);
        } finally {
          await server.stop();
          await store.close();
        }
      };
      await failOnce();
      expect(await ours()).toBe(before);
      await bugzilla.sql.query(
        `GRANT SELECT, INSERT, UPDATE, DELETE ON bz_companion.login_failures, bz_companion.login_failures_cleared TO ${role}`,
      );
      await failOnce();
      expect(await ours()).toBe(before + 1);
    });
  });
});
