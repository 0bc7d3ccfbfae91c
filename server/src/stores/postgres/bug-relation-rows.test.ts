import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { loadBugzilla } from '../../../testing/bugzilla-test-database.js';
import { owned } from '../../../testing/owned.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { planUpdate } from '../../bugzilla/bug/update-plan.js';
import type { User } from '../../bugzilla/types.js';
import { PostgresStore } from './postgres-store.js';

/** A bug's lists as rows of Bugzilla's tables, by value (logins and keyword names, not ids), in each table's order. */
async function relationRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (sql: string) => (await client.query(sql)).rows;
    return {
      cc: await rows('SELECT c.bug_id, p.login_name FROM cc c JOIN profiles p ON p.userid = c.who ORDER BY 1, 2'),
      keywords: await rows(
        'SELECT k.bug_id, kd.name FROM keywords k JOIN keyworddefs kd ON kd.id = k.keywordid ORDER BY 1, 2',
      ),
      dependencies: await rows('SELECT blocked, dependson FROM dependencies ORDER BY 1, 2'),
      see_also: await rows('SELECT bug_id, value, class FROM bug_see_also ORDER BY bug_id, id'),
      aliases: await rows('SELECT bug_id, alias FROM bugs_aliases ORDER BY 1, 2'),
    };
  } finally {
    await client.end();
  }
}

async function onBugzilla(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describeWithPostgres("a bug's lists in Bugzilla's tables, as 5.2 holds them (PostgreSQL)", () => {
  const ourUrl = useFreshDatabase();
  const bugzillaUrl = useFreshDatabase();
  let store: PostgresStore;

  beforeAll(async () => {
    store = await PostgresStore.open(ourUrl(), { seed: bugzilla52ExtendedSnapshot() });
    const client = new pg.Client({ connectionString: bugzillaUrl() });
    await client.connect();
    try {
      await loadBugzilla(client);
    } finally {
      await client.end();
    }
    // What the extended data set adds to the recorded one, written as 5.2 keeps it: bug 10's keyword.
    await onBugzilla(
      bugzillaUrl(),
      `INSERT INTO keyworddefs (id, name, description) VALUES (1, 'regression', ''), (2, 'crash', ''), (3, 'perf', '');
       INSERT INTO keywords (bug_id, keywordid) VALUES (10, 1)`,
    );
  }, 60_000);
  afterAll(() => store?.close());

  const update = async (bugId: number, params: Record<string, unknown>) => {
    const actor = (await store.userById(1)) as User;
    const when = Math.floor(Date.now() / 1000);
    await owned(store).writeBugs({
      bugIds: [bugId],
      aliases: [],
      logins: [],
      when,
      plan: (view) =>
        planUpdate(
          {
            actor,
            when,
            bugIds: [bugId],
            params,
            catalogue: store.catalogue,
            parameters: store.instance.parameters,
            visits: new Map(),
            urlbase: 'http://bz.test/',
          },
          view,
        ),
    });
  };

  it('holds the recorded data set as the 5.2 database does', async () => {
    expect(await relationRows(ourUrl())).toEqual(await relationRows(bugzillaUrl()));
  });

  it('after updates, holds the rows 5.2 writes for them: what changed, and nothing else', async () => {
    await update(2, { cc: { add: ['dev@example.com'], remove: ['user@example.com'] } });
    await update(1, { keywords: { add: ['perf', 'crash'] } });
    await update(1, { keywords: { remove: ['perf'] } });
    await update(10, { depends_on: { remove: [11] } });
    await update(11, { blocks: { add: [12] } });
    await update(3, {
      see_also: {
        add: [
          'https://b.example/show_bug.cgi?id=2',
          'https://a.example/show_bug.cgi?id=1',
          'http://bz.test/show_bug.cgi?id=5',
        ],
      },
    });
    await update(4, { alias: { add: ['four'] } });
    // The same changes as 5.2's Bug->update writes them (Bugzilla/Bug.pm: cc, keywords, dependencies, See Also, aliases).
    await onBugzilla(
      bugzillaUrl(),
      `INSERT INTO cc (bug_id, who) SELECT 2, userid FROM profiles WHERE login_name = 'dev@example.com';
       DELETE FROM cc WHERE bug_id = 2 AND who = (SELECT userid FROM profiles WHERE login_name = 'user@example.com');
       INSERT INTO keywords (bug_id, keywordid) VALUES (1, 2);
       DELETE FROM dependencies WHERE blocked = 10 AND dependson = 11;
       INSERT INTO dependencies (blocked, dependson) VALUES (12, 11);
       INSERT INTO bug_see_also (bug_id, value, class) VALUES
         (3, 'https://b.example/show_bug.cgi?id=2', 'Bugzilla::BugUrl::Bugzilla'),
         (3, 'https://a.example/show_bug.cgi?id=1', 'Bugzilla::BugUrl::Bugzilla'),
         (5, 'http://bz.test/show_bug.cgi?id=3', 'Bugzilla::BugUrl::Bugzilla::Local'),
         (3, 'http://bz.test/show_bug.cgi?id=5', 'Bugzilla::BugUrl::Bugzilla::Local');
       INSERT INTO bugs_aliases (alias, bug_id) VALUES ('four', 4);`,
    );
    const ours = await relationRows(ourUrl());
    expect(ours).toEqual(await relationRows(bugzillaUrl()));
    expect(ours.keywords).toContainEqual({ bug_id: 1, name: 'crash' });
    // And the bugs read back from those rows.
    expect((await store.bugById(1))?.fields.keywords).toEqual(['crash']);
    expect((await store.bugById(11))?.fields.blocks).toEqual([12]);
    expect((await store.bugById(12))?.fields.depends_on).toEqual([11]);
    expect((await store.bugById(10))?.fields.depends_on).toEqual([]);
    expect((await store.bugById(3))?.fields.see_also).toEqual([
      'https://b.example/show_bug.cgi?id=2',
      'https://a.example/show_bug.cgi?id=1',
      'http://bz.test/show_bug.cgi?id=5',
    ]);
    expect((await store.bugById(5))?.fields.see_also_class).toEqual({
      'http://bz.test/show_bug.cgi?id=3': 'Bugzilla::BugUrl::Bugzilla::Local',
    });
  });
});
