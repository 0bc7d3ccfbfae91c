import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customFieldDdl } from '../../../testing/bugzilla-ddl.js';
import { type BugzillaServer, openBugzillaServer, writeAsBugzilla } from '../../../testing/bugzilla-test-database.js';
import { everyBug } from '../../../testing/every-bug.js';
import { getOk, httpClient } from '../../../testing/http.js';
import { ManualClock } from '../../../testing/in-process-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';

/** Custom fields as Bugzilla::Field->create adds them to a database: a fielddefs row, its column or tables. */
async function addField(sql: pg.Client, id: number, name: string, type: number, description: string): Promise<void> {
  await sql.query(
    `INSERT INTO fielddefs (id, name, type, custom, description, sortkey, enter_bug, obsolete, buglist)
     VALUES ($1, $2, $3, 1, $4, $5, 1, 0, 1)`,
    [id, name, type, description, id * 10],
  );
  for (const statement of customFieldDdl('postgres', name, type)) await sql.query(statement);
}

/**
 * Serving a Bugzilla database's custom fields: read from its own columns and tables with the bug,
 * whatever the session's TimeZone (a date/time is wall time in it, as every Bugzilla time), and read
 * again when its administrators add one (the catalogue's next look).
 */
for (const timeZone of ['UTC', 'America/New_York']) {
  describeWithPostgres(`a Bugzilla database's custom fields (--bugzilla-schema), TimeZone ${timeZone}`, () => {
    const url = useFreshDatabase();
    let bugzilla: BugzillaServer;

    beforeAll(async () => {
      bugzilla = await openBugzillaServer(url(), {
        clock: new ManualClock(Date.parse('2026-11-22T17:48:52Z')),
        timeZone,
        prepare: async (sql) => {
          await addField(sql, 900, 'cf_stage', 2, 'Stage');
          await addField(sql, 901, 'cf_os', 3, 'Affected OS');
          await addField(sql, 902, 'cf_due', 5, 'Due');
          await addField(sql, 903, 'cf_ship', 9, 'Ship date');
          await addField(sql, 904, 'cf_points', 10, 'Points');
          await sql.query(`INSERT INTO cf_stage (value, sortkey) VALUES ('---', 0), ('testing', 10)`);
          await sql.query(`INSERT INTO cf_os (value, sortkey) VALUES ('linux', 10), ('Windows', 20)`);
          await sql.query(
            `UPDATE bugs SET cf_stage = 'testing', cf_ship = '2027-01-15', cf_points = 8 WHERE bug_id = 1`,
          );
          await writeAsBugzilla(sql, 'bugs', 'cf_due', '2026-12-24T18:30:00Z', 'bug_id = 1');
          await sql.query(`INSERT INTO bug_cf_os (bug_id, value) VALUES (1, 'linux'), (1, 'Windows'), (2, 'linux')`);
        },
      });
    });
    afterAll(() => bugzilla?.close());

    it('reads each bug’s values in the form every store keeps them, defaults left out', async () => {
      expect((await bugzilla.store.bugById(1))?.fields.custom).toEqual({
        cf_stage: 'testing',
        cf_os: ['Windows', 'linux'],
        cf_due: Date.parse('2026-12-24T18:30:00Z') / 1000,
        cf_ship: '2027-01-15',
        cf_points: 8,
      });
      expect((await bugzilla.store.bugById(2))?.fields.custom).toEqual({ cf_os: ['linux'] });
      expect((await bugzilla.store.bugById(3))?.fields).not.toHaveProperty('custom');
      expect((await everyBug(bugzilla.store)).find((bug) => bug.id === 1)?.fields.custom?.cf_points).toBe(8);
    });

    it('answers them in Bug.get and lists the fields in Bug.fields', async () => {
      const http = httpClient(bugzilla.server.url);
      const { bugs } = await getOk<{ bugs: Array<Record<string, unknown>> }>(
        http,
        '/rest/bug/1?include_fields=id,_custom',
      );
      expect(bugs[0]).toEqual({
        id: 1,
        cf_stage: 'testing',
        cf_os: ['Windows', 'linux'],
        cf_due: '2026-12-24T18:30:00Z',
        cf_ship: '2027-01-15T00:00:00Z',
        cf_points: '8',
      });
      const { fields } = await getOk<{ fields: Array<Record<string, unknown>> }>(http, '/rest/field/bug/cf_stage');
      expect(fields[0]).toMatchObject({ id: 900, is_custom: true, type: 2, display_name: 'Stage' });
    });

    it('reads a field its administrators add on its next look at the catalogue', async () => {
      await addField(bugzilla.sql, 905, 'cf_build', 1, 'Build');
      await bugzilla.sql.query(`UPDATE bugs SET cf_build = 'b7' WHERE bug_id = 2`);
      expect((await bugzilla.store.bugById(2))?.fields.custom).toEqual({ cf_os: ['linux'] });
      await bugzilla.store.refreshCatalogue();
      expect((await bugzilla.store.bugById(2))?.fields.custom).toEqual({ cf_build: 'b7', cf_os: ['linux'] });
      expect(bugzilla.store.catalogue.customField('cf_build')?.description).toBe('Build');
    });
  });
}
