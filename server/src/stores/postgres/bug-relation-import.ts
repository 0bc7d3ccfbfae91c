import type pg from 'pg';
import type { SnapshotAttachment, SnapshotBug, SnapshotCatalogue } from '../../bugzilla/store/snapshot.js';
import { catalogueOfSection } from '../snapshot-catalogue.js';
import { type FlagRow, upsertFlags } from './flag-writes.js';

/** The catalogue's keywords with their ids, into keyworddefs (before any bug names one). */
export async function writeKeywordDefs(client: pg.PoolClient, catalogue: SnapshotCatalogue): Promise<void> {
  const defined = catalogueOfSection(catalogue).keywords;
  await client.query(
    `INSERT INTO keyworddefs (id, name, description)
     SELECT DISTINCT ON (n) i, n, d FROM unnest($1::integer[], $2::text[], $3::text[]) AS k(i, n, d) ORDER BY n, i`,
    [defined.map((k) => k.id), defined.map((k) => k.name), defined.map((k) => k.description)],
  );
  await client.query(
    `SELECT setval(pg_get_serial_sequence('keyworddefs', 'id'), coalesce(max(id), 0) + 1, false) FROM keyworddefs`,
  );
}

/**
 * A batch of bugs' keywords and See Also into Bugzilla's tables (the bugs are in already): any
 * keyword name the catalogue lacks gets a row; See Also in each bug's order. Dependencies, one row
 * per pair whichever bug lists it, are gathered into `dependencies`: both bugs must be in first.
 */
export async function importBugRelations(
  client: pg.PoolClient,
  bugs: readonly SnapshotBug[],
  dependencies: Array<[number, number]>,
): Promise<void> {
  const keywords: Array<[number, string]> = [];
  const seeAlso: Array<[number, string, string]> = [];
  for (const bug of bugs) {
    const fields = bug.fields;
    if (!fields) continue;
    for (const name of new Set(fields.keywords)) keywords.push([bug.id, name]);
    for (const other of fields.depends_on) dependencies.push([bug.id, other]);
    for (const other of fields.blocks) dependencies.push([other, bug.id]);
    for (const value of new Set(fields.see_also)) seeAlso.push([bug.id, value, fields.see_also_class?.[value] ?? '']);
  }
  if (keywords.length > 0) {
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
  }
  if (seeAlso.length > 0) {
    await client.query(
      `INSERT INTO bug_see_also (bug_id, value, class)
       SELECT s.bug_id, s.value, s.class FROM unnest($1::integer[], $2::text[], $3::text[]) WITH ORDINALITY
         AS s(bug_id, value, class, ord) ORDER BY s.ord`,
      [seeAlso.map(([id]) => id), seeAlso.map(([, value]) => value), seeAlso.map(([, , className]) => className)],
    );
  }
}

/** A batch of bugs' flags, as `flags` rows. */
export function bugFlagRows(bugs: readonly SnapshotBug[]): FlagRow[] {
  const rows: FlagRow[] = [];
  for (const bug of bugs) {
    for (const [order, flag] of (bug.fields?.flags ?? []).entries())
      rows.push({ flag, bugId: bug.id, attachId: null, order });
  }
  return rows;
}

/** A batch of attachments' flags, as `flags` rows. */
export function attachmentFlagRows(attachments: readonly SnapshotAttachment[]): FlagRow[] {
  const rows: FlagRow[] = [];
  for (const attachment of attachments) {
    for (const [order, flag] of attachment.flags.entries()) {
      rows.push({ flag, bugId: attachment.bug_id, attachId: attachment.id, order });
    }
  }
  return rows;
}

/** Flags into `flags` (their bugs, users and attachments are in already). */
export const importFlags = (client: pg.PoolClient, rows: readonly FlagRow[]): Promise<void> =>
  upsertFlags(client, rows);
