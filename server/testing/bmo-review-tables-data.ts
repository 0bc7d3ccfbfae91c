import type { BugzillaSqlSession } from './bugzilla-sql-session.js';

/*
 * What BMO adds to the small tracker (bugzilla-import-data.ts) for triage and review, in SQL both
 * engines run: `components.triage_owner_id` (BMO's Bugzilla/DB/Schema.pm) set on product 1's
 * component to dev (2), and extensions/Review's `product_reviewers` and `component_reviewers`:
 * product 1 suggests dev then admin (by sortkey, not by id), its component admin.
 */

export async function writeBmoReviewTables(session: BugzillaSqlSession): Promise<void> {
  await session.run('ALTER TABLE components ADD COLUMN triage_owner_id INTEGER');
  await session.run('UPDATE components SET triage_owner_id = 2 WHERE id = 1');
  for (const [table, owner] of [
    ['product_reviewers', 'product_id'],
    ['component_reviewers', 'component_id'],
  ]) {
    await session.run(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,
      display_name VARCHAR(64), ${owner} INTEGER NOT NULL, sortkey SMALLINT NOT NULL DEFAULT 0)`);
  }
  await session.insert(
    'product_reviewers',
    ['id', 'user_id', 'display_name', 'product_id', 'sortkey'],
    [
      [1, 1, null, 1, 20],
      [2, 2, null, 1, 10],
    ],
  );
  await session.insert(
    'component_reviewers',
    ['id', 'user_id', 'display_name', 'component_id', 'sortkey'],
    [[1, 1, null, 1, 0]],
  );
}

/** The database as it was before: Bugzilla's own tables only. */
export async function dropBmoReviewTables(session: BugzillaSqlSession): Promise<void> {
  await session.run('DROP TABLE product_reviewers');
  await session.run('DROP TABLE component_reviewers');
  await session.run('ALTER TABLE components DROP COLUMN triage_owner_id');
}
