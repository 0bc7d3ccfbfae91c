import type pg from 'pg';
import type { StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import { catalogueOfSnapshot } from '../snapshot-catalogue.js';
import { type FlagRow, upsertFlags } from './flag-writes.js';

/**
 * A snapshot's keywords, dependencies and See Also into Bugzilla's tables (the bugs are in already):
 * the catalogue's keywords with their ids, then any other name a bug carries; one dependency row per
 * pair, whichever bug lists it; See Also in each bug's order.
 */
export async function importBugRelations(client: pg.PoolClient, snapshot: StoreSnapshot): Promise<void> {
  const defined = catalogueOfSnapshot(snapshot).keywords;
  await client.query(
    `INSERT INTO keyworddefs (id, name, description)
     SELECT DISTINCT ON (n) i, n, d FROM unnest($1::integer[], $2::text[], $3::text[]) AS k(i, n, d) ORDER BY n, i`,
    [defined.map((k) => k.id), defined.map((k) => k.name), defined.map((k) => k.description)],
  );
  await client.query(
    `SELECT setval(pg_get_serial_sequence('keyworddefs', 'id'), coalesce(max(id), 0) + 1, false) FROM keyworddefs`,
  );
  const keywords: Array<[number, string]> = [];
  const dependencies: Array<[number, number]> = [];
  const seeAlso: Array<[number, string, string]> = [];
  for (const bug of snapshot.bugs) {
    const fields = bug.fields;
    if (!fields) continue;
    for (const name of new Set(fields.keywords)) keywords.push([bug.id, name]);
    for (const other of fields.depends_on) dependencies.push([bug.id, other]);
    for (const other of fields.blocks) dependencies.push([other, bug.id]);
    for (const value of new Set(fields.see_also)) seeAlso.push([bug.id, value, fields.see_also_class?.[value] ?? '']);
  }
  await client.query(
    `INSERT INTO keyworddefs (name, description) SELECT DISTINCT n, '' FROM unnest($1::text[]) AS n
     ON CONFLICT (name) DO NOTHING`,
    [keywords.map(([, name]) => name)],
  );
  await client.query(
    `INSERT INTO keywords (bug_id, keywordid)
     SELECT k.bug_id, kd.id FROM unnest($1::integer[], $2::text[]) AS k(bug_id, name) JOIN keyworddefs kd ON kd.name = k.name`,
    [keywords.map(([id]) => id), keywords.map(([, name]) => name)],
  );
  await client.query(
    // A bug that is not there (which no write lets happen) cannot be pointed at: Bugzilla's foreign keys.
    `INSERT INTO dependencies (blocked, dependson) SELECT DISTINCT d.blocked, d.dependson
     FROM unnest($1::integer[], $2::integer[]) AS d(blocked, dependson)
     JOIN bugs x ON x.bug_id = d.blocked JOIN bugs y ON y.bug_id = d.dependson`,
    [dependencies.map(([blocked]) => blocked), dependencies.map(([, dependson]) => dependson)],
  );
  await client.query(
    `INSERT INTO bug_see_also (bug_id, value, class)
     SELECT s.bug_id, s.value, s.class FROM unnest($1::integer[], $2::text[], $3::text[]) WITH ORDINALITY
       AS s(bug_id, value, class, ord) ORDER BY s.ord`,
    [seeAlso.map(([id]) => id), seeAlso.map(([, value]) => value), seeAlso.map(([, , className]) => className)],
  );
}

/** Every bug's and attachment's flags into `flags` (bugs, users and attachments are in already). */
export async function importFlags(client: pg.PoolClient, snapshot: StoreSnapshot): Promise<void> {
  const rows: FlagRow[] = [];
  for (const bug of snapshot.bugs) {
    for (const [order, flag] of (bug.fields?.flags ?? []).entries()) {
      rows.push({ flag, bugId: bug.id, attachId: null, order });
    }
  }
  for (const attachment of snapshot.attachments ?? []) {
    for (const [order, flag] of attachment.flags.entries()) {
      rows.push({ flag, bugId: attachment.bug_id, attachId: attachment.id, order });
    }
  }
  await upsertFlags(client, rows);
}
