import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EndpointKey } from '@bz-companion/shared';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type BugzillaServer,
  bugzillaVisits,
  columnText,
  openBugzillaServer,
  otherTables,
  REVOKED_KEY,
  type VisitRow,
  writeAsBugzilla,
} from '../../../testing/bugzilla-test-database.js';
import { serveCli } from '../../../testing/cli-server.js';
import { attachmentFlagsOf } from '../../../testing/every-bug.js';
import { type InProcessServer, ManualClock } from '../../../testing/in-process-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { sendRaw } from '../../../testing/raw-request.js';
import { comparable, isServed, isUnorderedSearch, recordedCases, requestBody } from '../../../testing/recordings.js';
import { ownedData, type Store } from '../../bugzilla/store/store.js';
import { routeTable } from '../../webservice/table/method-table.js';
import type { BugzillaSchemaStore } from './bugzilla-schema-store.js';

/**
 * Bugzilla's timestamp(0) columns hold wall time in the database session's TimeZone (its NOW() and
 * LOCALTIMESTAMP(0)); the recorded installation ran in UTC. In New York the same data, written as Bugzilla
 * there would have written it, must give the very same answers.
 */
for (const timeZone of ['UTC', 'America/New_York']) {
  describeWithPostgres(
    `serving an existing Bugzilla 5.2 PostgreSQL database (--bugzilla-schema), TimeZone ${timeZone}`,
    () => {
      const url = useFreshDatabase();
      const clock = new ManualClock(Date.parse('2026-11-22T17:48:52Z'));
      let bugzilla: BugzillaServer;
      let sql: pg.Client;
      let dir: string;
      let store: BugzillaSchemaStore;
      let server: InProcessServer;
      let before: Record<string, string>;
      let visitsBefore: VisitRow[];

      beforeAll(async () => {
        bugzilla = await openBugzillaServer(url(), { clock, timeZone });
        ({ sql, dir, store, server, before, visitsBefore } = bugzilla);
      });
      afterAll(() => bugzilla?.close());

      it("runs no migration of ours: Bugzilla's schema holds its tables only, our login tokens and failures are in a schema of ours", async () => {
        const { rows } = await sql.query(
          `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
           WHERE table_name LIKE 'bzc%' OR table_schema = 'bz_companion' ORDER BY name`,
        );
        expect(rows).toEqual([
          { name: 'bz_companion.login_failures' },
          { name: 'bz_companion.login_failures_cleared' },
          { name: 'bz_companion.login_tokens' },
        ]);
      });

      it('takes the version, parameters and profile from the directory', () => {
        expect(store.instance.version).toBe('5.2');
        expect(store.instance.parameters.insidergroup).toBe('insiders');
        expect(store.instance.profile).toBe('bugzilla-5.2');
      });

      const endpoints = Object.keys(routeTable) as EndpointKey[];
      /** Cases not run here, and why. */
      const NOT_RUN: Record<string, string> = {
        // Bug writes are Bugzilla's over its own database (refused, 403); the write replays run on our stores.
        'bug-user-last-visit#11': 'a bug write (Bug.update adds user to the CC list)',
        'bug-user-last-visit#12': 'needs #11 to have put user in the CC list',
        'bug-user-last-visit#13': 'a bug write (Bug.update removes user from the CC list)',
        // Not reproduced by the bugzilla-5.2 profile on any store (bugzilla-5.2.replay.test.ts says why).
        'bug-get#6': 'aliases match in any letter case',
        'bug-get#14': 'a search id that is not a number is code 100',
        'bug-get#54': 'an id above 2^31-1 is code 101',
        'bug-get#81': "ETags are bz-companion's own",
      };
      const cases = ['bug-get', 'bug-comments', 'bug-history', 'bug-user-last-visit'].flatMap((family) =>
        recordedCases(family)
          .filter((c) => isServed(endpoints, c) && NOT_RUN[`${family}#${c.n}`] === undefined)
          .map((c) => ({ family, ...c })),
      );
      for (const recorded of cases) {
        it(`answers ${recorded.family} #${recorded.n} (${recorded.name}) as 5.2 did`, async () => {
          const { method, path, headers = {} } = recorded.request;
          const body = requestBody(recorded.request);
          const ours = await sendRaw(server.url, { method, path, headers, ...(body === undefined ? {} : { body }) });
          const options = { unordered: isUnorderedSearch(path) };
          expect(comparable(ours.status, ours.body, options)).toEqual(
            comparable(recorded.response.status, recorded.response.body, options),
          );
        });
      }

      it("wrote the visits into Bugzilla's bug_user_last_visit as Bugzilla does, and nothing else", async () => {
        const after = await bugzillaVisits(sql);
        const written = '2026-11-22T17:48:52Z';
        // user (2): 10, 8, 7, 9 (#2-#6, #16); dev (5): 10 (#8); admin (1): 8 (#10).
        const expected = new Map<string, string>([
          ['2/10', written],
          ['2/8', written],
          ['2/7', written],
          ['2/9', written],
          ['5/10', written],
          ['1/8', written],
        ]);
        for (const row of visitsBefore) {
          const key = `${row.user_id}/${row.bug_id}`;
          if (!expected.has(key)) expected.set(key, row.last_visit_ts);
        }
        expect(Object.fromEntries(after.map((r) => [`${r.user_id}/${r.bug_id}`, r.last_visit_ts]))).toEqual(
          Object.fromEntries(expected),
        );
        // Rows that existed were updated in place (same id); one row per (user, bug).
        for (const row of visitsBefore) {
          expect(after.find((r) => r.user_id === row.user_id && r.bug_id === row.bug_id)?.id).toBe(row.id);
        }
        expect(await otherTables(sql)).toEqual(before);
      });

      it('reads what Bugzilla itself wrote into a row', async () => {
        await writeAsBugzilla(
          sql,
          'bug_user_last_visit',
          'last_visit_ts',
          '2026-11-23T08:00:00Z',
          'user_id = 2 AND bug_id = 5',
        );
        // 5.2 crashes on GET with an id (bug-user-last-visit #1), so the store is asked as the routes ask it.
        expect(await store.lastVisit(2, 5)).toBe(Date.parse('2026-11-23T08:00:00Z') / 1000);
        expect((await store.recentVisits(2))[0]).toEqual({
          bugId: 5,
          lastVisitTs: Date.parse('2026-11-23T08:00:00Z') / 1000,
        });
      });

      it("writes a visit's NOW() as 5.2 does: the session's wall time, rounded to the second", async () => {
        for (const now of ['2026-11-23T09:00:00.400Z', '2026-11-23T09:00:00.600Z', '2026-11-01T05:30:00.000Z']) {
          const databaseMs = Date.parse(now);
          // A fresh row each time: an earlier visit would not replace a later one (visits never go back).
          await sql.query('DELETE FROM bug_user_last_visit WHERE user_id = 5 AND bug_id = 10');
          await store.recordVisits(5, [10], Math.floor(databaseMs / 1000), databaseMs);
          const ours = await columnText(sql, 'bug_user_last_visit', 'last_visit_ts', 'user_id = 5 AND bug_id = 10');
          await writeAsBugzilla(sql, 'bug_user_last_visit', 'last_visit_ts', now, 'user_id = 5 AND bug_id = 10');
          const bugzillas = await columnText(
            sql,
            'bug_user_last_visit',
            'last_visit_ts',
            'user_id = 5 AND bug_id = 10',
          );
          expect(ours).toBe(bugzillas);
        }
      });

      it('answers a POSTed visit truncated to the second and stores it rounded, as 5.2 did (bug-user-last-visit #4)', async () => {
        const was = clock.ms;
        clock.ms = Date.parse('2026-11-23T10:00:00.700Z');
        try {
          const response = await fetch(
            `${server.url}/rest/bug_user_last_visit/10?Bugzilla_api_key=OracleDevKey000000000000000000000000000V`,
            { method: 'POST' },
          );
          expect(await response.json()).toEqual([{ id: 10, last_visit_ts: '2026-11-23T10:00:00Z' }]);
          const [row] = (await bugzillaVisits(sql)).filter((visit) => visit.user_id === 5 && visit.bug_id === 10);
          expect(row?.last_visit_ts).toBe('2026-11-23T10:00:01Z');
        } finally {
          clock.ms = was;
        }
      });

      it("answers Bugzilla's times in UTC, as 5.2 converts them from its local wall time", async () => {
        const admin = 'Bugzilla_api_key=OracleAdminKey0000000000000000000000000A';
        const bug = (await (await fetch(`${server.url}/rest/bug/8?${admin}`)).json()) as {
          bugs: Array<{ creation_time: string; last_change_time: string; flags: Array<{ creation_date: string }> }>;
        };
        expect(bug.bugs[0]).toMatchObject({
          creation_time: '2026-10-02T09:00:00Z',
          last_change_time: '2026-10-06T15:30:00Z',
          flags: [{ creation_date: '2026-10-04T12:05:00Z', modification_date: '2026-10-05T08:00:00Z' }],
        });
        const comments = (await (await fetch(`${server.url}/rest/bug/8/comment?${admin}`)).json()) as {
          bugs: Record<string, { comments: Array<{ time: string }> }>;
        };
        expect(comments.bugs['8']?.comments.map((comment) => comment.time)).toEqual([
          '2026-10-02T09:00:00Z',
          '2026-10-02T09:40:00Z',
          '2026-10-03T10:12:00Z',
          '2026-10-04T15:30:00Z',
          '2026-10-06T09:00:00Z',
        ]);
        const history = (await (await fetch(`${server.url}/rest/bug/8/history?${admin}`)).json()) as {
          bugs: Array<{ history: Array<{ when: string }> }>;
        };
        expect(history.bugs[0]?.history.map((change) => change.when)).toEqual([
          '2026-10-03T10:10:00Z',
          '2026-10-04T12:00:00Z',
          '2026-10-04T12:05:00Z',
          '2026-10-04T15:30:00Z',
          '2026-10-05T08:00:00Z',
          '2026-10-06T15:30:00Z',
        ]);
        await sql.query(
          `INSERT INTO audit_log (user_id, class, object_id, field, at_time) VALUES (1, 'Bugzilla::Product', 1, 'name', '2000-01-01')`,
        );
        await writeAsBugzilla(sql, 'audit_log', 'at_time', '2026-07-04T16:00:00Z', "class = 'Bugzilla::Product'");
        const audit = await fetch(`${server.url}/rest/last_audit_time?class=Bugzilla::Product&${admin}`);
        expect(await audit.json()).toEqual({ last_audit_time: '2026-07-04T16:00:00Z' });
        await sql.query(`DELETE FROM audit_log WHERE class = 'Bugzilla::Product'`);
      });

      it('refuses every other write with a clear error and changes nothing', async () => {
        const response = await fetch(
          `${server.url}/rest/bug/8/comment?Bugzilla_api_key=OracleUserKey00000000000000000000000000U`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ comment: 'hello' }),
          },
        );
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({
          error: true,
          code: 32000,
          message: expect.stringContaining('--bugzilla-schema'),
        });
        // A user without a password (the loaded data set has none: cryptpassword NULL) fails as a wrong password would.
        const login = await fetch(`${server.url}/rest/login?login=user@example.com&password=oracle-pw-user`);
        expect(await login.json()).toMatchObject({ error: true, code: 300 });
        // No write of its own but visits and logins: it has no owned-data capability, and asking for one is refused.
        expect((store as Store).owned).toBeUndefined();
        expect(() => ownedData(store, 'adding a user')).toThrow(/--bugzilla-schema/);
        expect(await otherTables(sql)).toEqual(before);
      });

      it("gives a user the groups Bugzilla does: direct and regexp grants, closed over group_group_map's membership grants", async () => {
        await sql.query(`INSERT INTO groups (id, name, description, isbuggroup) VALUES
      (101, 'qa', '', 1), (102, 'qa-leads', '', 1), (103, 'by-regexp', '', 1), (104, 'blessed-only', '', 1)`);
        const insiders = (await sql.query<{ id: number }>("SELECT id FROM groups WHERE name = 'insiders'")).rows[0]?.id;
        // Members of insiders are members of qa, and those of qa of qa-leads; a bless grant (1) makes no member.
        await sql.query(
          'INSERT INTO group_group_map (member_id, grantor_id, grant_type) VALUES ($1, 101, 0), (101, 102, 0), ($1, 104, 1)',
          [insiders],
        );
        // Bugzilla keeps the groups a login's regexp grants as user_group_map rows of grant_type 2.
        await sql.query('INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) VALUES (5, 103, 0, 2)');
        const dev = await store.userById(5);
        expect(dev?.groups).toEqual(['by-regexp', 'bz_canusewhines', 'editbugs', 'insiders', 'qa', 'qa-leads']);
        // The bless right given to user in loadBugzilla is not membership.
        expect((await store.userByLogin('USER@example.com'))?.groups).toEqual(['bz_canusewhines', 'editbugs']);
        expect(await store.findApiKey(REVOKED_KEY)).toMatchObject({
          revoked: true,
          user: { login: 'revoked@example.com' },
        });
        expect(await store.findApiKey('NoSuchKey0000000000000000000000000000000')).toBeUndefined();
      });

      it("serves Bugzilla's parameters as its admin changes them (data/params.json), without a restart", async () => {
        const maintainer = async () => {
          const response = await fetch(`${server.url}/rest/parameters`);
          return ((await response.json()) as { parameters: { maintainer?: string } }).parameters.maintainer;
        };
        expect(await maintainer()).toBe('admin@example.com');
        const params = join(dir, 'data', 'params.json');
        const original = await readFile(params, 'utf8');
        try {
          await writeFile(params, JSON.stringify({ ...JSON.parse(original), maintainer: 'new-admin@example.com' }));
          await expect.poll(maintainer, { timeout: 15_000, interval: 50 }).toBe('new-admin@example.com');
        } finally {
          await writeFile(params, original);
        }
        await expect.poll(maintainer, { timeout: 15_000, interval: 50 }).toBe('admin@example.com');
      });

      it("lists an attachment's flags as 5.2's Bug.attachments does: from Bugzilla's flags, named by flagtypes, in its order", async () => {
        // As Bugzilla would have written them: two attachment flag types, an attachment of bug 8 with a flag of each.
        await sql.query(`INSERT INTO flagtypes (id, name, description, target_type, is_requestable, is_requesteeble, sortkey)
          VALUES (20, 'approval', '', 'a', 1, 0, 5), (21, 'checkin', '', 'a', 1, 1, 1)`);
        await sql.query(`INSERT INTO attachments (attach_id, bug_id, creation_ts, modification_time, description, mimetype,
            filename, submitter_id) VALUES (40, 8, '2026-10-04 12:00:00', '2026-10-05 08:00:00', 'Trim', 'text/plain', 'trim.patch', 5)`);
        await sql.query(`INSERT INTO attach_data (id, thedata) VALUES (40, 'x')`);
        await sql.query(`INSERT INTO flags (id, type_id, status, bug_id, attach_id, creation_date, modification_date,
            setter_id, requestee_id) VALUES (60, 20, '?', 8, 40, '2026-10-04 12:05:00', '2026-10-04 12:05:00', 5, NULL),
            (61, 21, '?', 8, 40, '2026-10-04 12:06:00', '2026-10-04 12:07:00', 5, 2)`);
        for (const column of ['creation_date', 'modification_date']) {
          await writeAsBugzilla(sql, 'flags', column, '2026-10-04T12:05:00Z', 'id = 60');
        }
        try {
          const admin = 'Bugzilla_api_key=OracleAdminKey0000000000000000000000000A';
          const response = await fetch(`${server.url}/rest/bug/8/attachment?exclude_fields=data&${admin}`);
          const answer = (await response.json()) as { bugs: Record<string, Array<{ id: number; flags: unknown }>> };
          expect(answer.bugs['8']?.map((attachment) => [attachment.id, attachment.flags])).toEqual([
            [
              40,
              [
                {
                  id: 61,
                  name: 'checkin',
                  type_id: 21,
                  status: '?',
                  setter: 'dev@example.com',
                  requestee: 'user@example.com',
                  creation_date: expect.stringMatching(/^2026-10-04T\d\d:06:00Z$/),
                  modification_date: expect.stringMatching(/^2026-10-04T\d\d:07:00Z$/),
                },
                {
                  id: 60,
                  name: 'approval',
                  type_id: 20,
                  status: '?',
                  setter: 'dev@example.com',
                  creation_date: '2026-10-04T12:05:00Z',
                  modification_date: '2026-10-04T12:05:00Z',
                },
              ],
            ],
          ]);
          // What a flag search reads: the bug's attachments' flags.
          expect((await attachmentFlagsOf(store, 8)).map((flag) => flag.id)).toEqual([61, 60]);
          const found = await fetch(
            `${server.url}/rest/bug?f1=flagtypes.name&o1=equals&v1=checkin%3F&include_fields=id&${admin}`,
          );
          expect(((await found.json()) as { bugs: Array<{ id: number }> }).bugs.map((bug) => bug.id)).toEqual([8]);
        } finally {
          await sql.query('DELETE FROM flags WHERE attach_id = 40');
          await sql.query('DELETE FROM attach_data WHERE id = 40');
          await sql.query('DELETE FROM attachments WHERE attach_id = 40');
          await sql.query('DELETE FROM flagtypes WHERE id IN (20, 21)');
        }
      });

      it("reads See Also's class as Bugzilla keeps it (bug_see_also.class)", async () => {
        const value = 'https://github.com/o/r/issues/7';
        await sql.query(
          `INSERT INTO bug_see_also (id, bug_id, value, class) VALUES (90, 8, $1, 'Bugzilla::BugUrl::GitHub')`,
          [value],
        );
        try {
          const bug = await store.bugById(8);
          expect(bug?.fields.see_also).toContain(value);
          expect(bug?.fields.see_also_class).toEqual({ [value]: 'Bugzilla::BugUrl::GitHub' });
          // A bug whose values have no class reads as none known.
          expect((await store.bugById(1))?.fields.see_also_class).toBeUndefined();
        } finally {
          await sql.query('DELETE FROM bug_see_also WHERE id = 90');
        }
      });

      it('is what `serve --database URL --bugzilla-schema --bugzilla-dir DIR` serves: a visit lands in the row Bugzilla reads', async () => {
        const served = await serveCli(url(), ['--bugzilla-schema', '--bugzilla-dir', dir]);
        try {
          expect(served.stdout()).toContain('Bugzilla 5.2');
          const version = await fetch(`${served.url}/rest/version`);
          expect(await version.json()).toEqual({ version: '5.2' });
          const response = await fetch(
            `${served.url}/rest/bug_user_last_visit/12?Bugzilla_api_key=OracleDevKey000000000000000000000000000V`,
            { method: 'POST' },
          );
          const [answer] = (await response.json()) as Array<{ id: number; last_visit_ts: string }>;
          expect(answer?.id).toBe(12);
          const rows = (await bugzillaVisits(sql)).filter((row) => row.user_id === 5 && row.bug_id === 12);
          // 5.2 answers NOW() truncated and stores it rounded: the same second, or the next.
          const answered = Date.parse(answer?.last_visit_ts ?? '');
          const stored = rows.map((row) => Date.parse(row.last_visit_ts) - answered);
          expect([[0], [1000]]).toContainEqual(stored);
        } finally {
          await served.stop();
        }
      });
    },
  );
}
