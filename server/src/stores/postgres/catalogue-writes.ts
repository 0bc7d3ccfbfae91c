import { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { CatalogueChange } from '../../bugzilla/catalogue/catalogue-change.js';
import type { CatalogueData } from '../../bugzilla/catalogue/types.js';
import type { SnapshotCatalogue } from '../../bugzilla/store/snapshot.js';
import { catalogueOfSection, snapshotCatalogue } from '../snapshot-catalogue.js';
import type { Database } from './database.js';

/**
 * A catalogue write on PostgreSQL, in one transaction: bzc_instance's row locked (FOR UPDATE,
 * so writes through any instance take turns), the plan made against the catalogue it holds,
 * the next one stored, and the `groups` table (which user memberships refer to) brought in
 * line: renames, and new or changed definitions. Its trigger tells the other instances.
 */
export async function changeCatalogueIn<T>(
  db: Database,
  fallback: Catalogue,
  change: CatalogueChange<T>,
): Promise<{ answer: T; next: CatalogueData }> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ catalogue: SnapshotCatalogue | null }>(
      'SELECT catalogue FROM bzc_instance WHERE id = 1 FOR UPDATE',
    );
    const stored = rows[0]?.catalogue;
    const current = stored ? Catalogue.from(catalogueOfSection(stored)) : fallback;
    const plan = change(current);
    await client.query('UPDATE bzc_instance SET catalogue = $1::jsonb WHERE id = 1', [
      JSON.stringify(snapshotCatalogue(plan.next)),
    ]);
    for (const [from, to] of plan.renamedGroups ?? []) {
      await client.query('UPDATE groups SET name = $2 WHERE name = $1', [from, to]);
    }
    const before = new Map(current.data.groups.map((group) => [group.id, JSON.stringify(group)]));
    for (const group of plan.next.groups) {
      if (before.get(group.id) === JSON.stringify(group)) continue;
      await client.query(
        `INSERT INTO groups (name, description, isbuggroup, userregexp, isactive) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description, isbuggroup = EXCLUDED.isbuggroup,
           userregexp = EXCLUDED.userregexp, isactive = EXCLUDED.isactive`,
        [group.name, group.description, group.isBugGroup ? 1 : 0, group.userRegexp, group.isActive ? 1 : 0],
      );
    }
    return { answer: plan.answer, next: plan.next };
  });
}
