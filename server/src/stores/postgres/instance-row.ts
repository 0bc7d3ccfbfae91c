import type { SnapshotCatalogue, StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type { InstanceSettings } from '../../bugzilla/types.js';
import type { Database } from './database.js';

/** bzc_instance's columns are the data file's "instance" keys. */
type InstanceRow = Required<Omit<StoreSnapshot['instance'], 'profile'>> & { profile: string | null };

/** The instance settings, or undefined when nothing was imported yet. */
export async function readInstance(db: Pick<Database, 'query'>): Promise<InstanceSettings | undefined> {
  const [row] = await db.query<InstanceRow>(
    `SELECT version, profile, extensions, parameters, strict_involvement, visit_retention, db_time_offset_seconds
     FROM bzc_instance WHERE id = 1`,
    [],
  );
  if (row === undefined) return undefined;
  return {
    version: row.version,
    ...(row.profile === null ? {} : { profile: row.profile }),
    extensions: row.extensions,
    parameters: row.parameters,
    strictInvolvement: row.strict_involvement,
    visitRetention: row.visit_retention,
    dbTimeOffsetSeconds: row.db_time_offset_seconds,
  };
}

/** The catalogue as bzc_instance keeps it; null in a database written before there was one. */
export async function readCatalogueColumn(db: Pick<Database, 'query'>): Promise<SnapshotCatalogue | null> {
  const [row] = await db.query<{ catalogue: SnapshotCatalogue | null }>(
    'SELECT catalogue FROM bzc_instance WHERE id = 1',
    [],
  );
  return row?.catalogue ?? null;
}

/** The values of bzc_instance's columns, in the order of INSERT_INSTANCE. */
export function instanceValues(instance: StoreSnapshot['instance'], catalogue: SnapshotCatalogue | null): unknown[] {
  return [
    catalogue === null ? null : JSON.stringify(catalogue),
    instance.version,
    instance.profile ?? null,
    JSON.stringify(instance.extensions),
    JSON.stringify(instance.parameters),
    instance.strict_involvement,
    instance.visit_retention === true,
    instance.db_time_offset_seconds,
  ];
}

export const INSERT_INSTANCE = `INSERT INTO bzc_instance
  (id, catalogue, version, profile, extensions, parameters, strict_involvement, visit_retention, db_time_offset_seconds)
  VALUES (1, $1::jsonb, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8)`;
