import pg from 'pg';
import { expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { knownMigrations, migrate } from './migrate.js';
import { PostgresStore } from './postgres-store.js';

async function run(url: string, text: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Rows as the store wrote them before migration 0018: a bug's lists in `bugs.bzc_fields`. */
const WRITTEN_BEFORE = `
  INSERT INTO bzc_instance (version, catalogue) VALUES ('5.2',
    '{"keywords": [{"id": 7, "name": "regression", "description": "It used to work", "is_active": true}]}');
  INSERT INTO profiles (userid, login_name) VALUES (1, 'admin@example.com'), (2, 'dev@example.com');
  INSERT INTO bugs (bug_id, reporter, short_desc, delta_ts, bzc_fields) VALUES
    (1, 1, 'One', '2026-01-01 00:00:00', '{"product": "P", "keywords": ["regression", "crash"], "blocks": [2],
      "depends_on": [], "see_also": ["https://b.example/show_bug.cgi?id=9", "https://a.example/show_bug.cgi?id=8"],
      "flags": [{"id": 4, "name": "review", "type_id": 1, "status": "?", "setter": "Admin@example.com",
        "requestee": "dev@example.com", "creation_date": "2026-01-02T03:04:05Z", "modification_date": "2026-01-03T03:04:05Z"}]}'),
    (2, 2, 'Two', '2026-01-01 00:00:00', '{"product": "P", "keywords": [], "blocks": [], "depends_on": [1, 3],
      "see_also": [], "flags": []}'),
    (3, 2, 'Three', '2026-01-01 00:00:00', '{"product": "P", "keywords": ["crash"], "blocks": [2], "depends_on": [],
      "see_also": [], "flags": []}');
  INSERT INTO cc (bug_id, who) VALUES (1, 2);
  INSERT INTO bugs_aliases (alias, bug_id) VALUES ('first', 1);
  INSERT INTO attachments (attach_id, bug_id, creation_ts, modification_time, description, mimetype, filename,
    submitter_id, bzc_flags) VALUES (1, 3, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'log', 'text/plain', 'log.txt',
    2, '[{"id": 6, "name": "approval", "type_id": 4, "status": "+", "setter": "dev@example.com",
      "creation_date": "2026-01-04T00:00:00Z", "modification_date": "2026-01-04T00:00:00Z"}]');
  INSERT INTO attach_data (id, thedata) VALUES (1, 'x');`;

describeWithPostgres('migrations 0018 and 0019 on a database written before them (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it("moves keywords, dependencies, See Also and flags into Bugzilla's tables, losing nothing", async () => {
    const before = knownMigrations().findIndex((name) => name.startsWith('0018'));
    await migrate(databaseUrl(), undefined, before);
    await run(databaseUrl(), WRITTEN_BEFORE);
    expect((await migrate(databaseUrl())).slice(0, 2)).toEqual(['0018_bug-relation-tables', '0019_flags-table']);

    expect(await run(databaseUrl(), 'SELECT id, name, description FROM keyworddefs ORDER BY id')).toEqual([
      { id: 7, name: 'regression', description: 'It used to work' },
      { id: 8, name: 'crash', description: '' },
    ]);
    expect(await run(databaseUrl(), 'SELECT bug_id, keywordid FROM keywords ORDER BY bug_id, keywordid')).toEqual([
      { bug_id: 1, keywordid: 7 },
      { bug_id: 1, keywordid: 8 },
      { bug_id: 3, keywordid: 8 },
    ]);
    expect(await run(databaseUrl(), 'SELECT blocked, dependson FROM dependencies ORDER BY blocked, dependson')).toEqual(
      [
        { blocked: 2, dependson: 1 },
        { blocked: 2, dependson: 3 },
      ],
    );
    expect(await run(databaseUrl(), 'SELECT bug_id, value, class FROM bug_see_also ORDER BY id')).toEqual([
      { bug_id: 1, value: 'https://b.example/show_bug.cgi?id=9', class: '' },
      { bug_id: 1, value: 'https://a.example/show_bug.cgi?id=8', class: '' },
    ]);
    expect(await run(databaseUrl(), 'SELECT bug_id, bzc_fields FROM bugs ORDER BY bug_id')).toEqual([
      { bug_id: 1, bzc_fields: { product: 'P' } },
      { bug_id: 2, bzc_fields: { product: 'P' } },
      { bug_id: 3, bzc_fields: { product: 'P' } },
    ]);
    expect(
      await run(
        databaseUrl(),
        `SELECT id, type_id, status, bug_id, attach_id, to_char(creation_date, 'YYYY-MM-DD HH24:MI:SS') AS created,
           setter_id, requestee_id, bzc_type_name FROM flags ORDER BY id`,
      ),
    ).toEqual([
      {
        id: 4,
        type_id: 1,
        status: '?',
        bug_id: 1,
        attach_id: null,
        created: '2026-01-02 03:04:05',
        setter_id: 1,
        requestee_id: 2,
        bzc_type_name: 'review',
      },
      {
        id: 6,
        type_id: 4,
        status: '+',
        bug_id: 3,
        attach_id: 1,
        created: '2026-01-04 00:00:00',
        setter_id: 2,
        requestee_id: null,
        bzc_type_name: 'approval',
      },
    ]);
    expect(await run(databaseUrl(), "SELECT nextval('bzc_flag_ids') >= 7 AS past")).toEqual([{ past: true }]);

    // The catalogue above has only what the migration reads; the store implies a whole one from the bugs.
    await run(databaseUrl(), 'UPDATE bzc_instance SET catalogue = NULL');
    const store = await PostgresStore.open(databaseUrl());
    try {
      const [one, two, three] = await Promise.all([1, 2, 3].map((id) => store.bugById(id)));
      expect(one?.fields).toMatchObject({
        keywords: ['crash', 'regression'],
        blocks: [2],
        depends_on: [],
        see_also: ['https://b.example/show_bug.cgi?id=9', 'https://a.example/show_bug.cgi?id=8'],
      });
      expect(one?.fields.flags).toEqual([
        {
          id: 4,
          name: 'review',
          type_id: 1,
          status: '?',
          setter: 'admin@example.com',
          requestee: 'dev@example.com',
          creation_date: '2026-01-02T03:04:05Z',
          modification_date: '2026-01-03T03:04:05Z',
        },
      ]);
      expect((await store.attachmentsOf(3))[0]?.flags).toEqual([
        {
          id: 6,
          name: 'approval',
          type_id: 4,
          status: '+',
          setter: 'dev@example.com',
          creation_date: '2026-01-04T00:00:00Z',
          modification_date: '2026-01-04T00:00:00Z',
        },
      ]);
      expect(one?.cc).toEqual([2]);
      expect(one?.aliases).toEqual(['first']);
      expect(two?.fields).toMatchObject({ keywords: [], blocks: [], depends_on: [1, 3], see_also: [] });
      expect(three?.fields).toMatchObject({ keywords: ['crash'], blocks: [2], depends_on: [] });
    } finally {
      await store.close();
    }
  });
});
