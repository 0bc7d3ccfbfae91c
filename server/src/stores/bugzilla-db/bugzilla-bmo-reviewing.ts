import type { CatalogueData } from '../../bugzilla/catalogue/types.js';
import { groupBy, nullableNum, num } from './row-values.js';
import type { BugzillaTables, SelectRows } from './select-rows.js';

/*
 * What bugzilla.mozilla.org adds to products and components for triage and review: a component's
 * triage owner (`components.triage_owner_id`, BMO's Bugzilla/DB/Schema.pm) and the suggested
 * reviewers of a product or component (extensions/Review/Extension.pm's `product_reviewers` and
 * `component_reviewers`, read as `_reviewers_objs` reads them: ORDER BY sortkey). A Bugzilla without
 * them has none of them, and its catalogue is left as it is.
 */

/** The catalogue with BMO's triage owners and suggested reviewers, where the database keeps them. */
export async function withBmoReviewing(
  select: SelectRows,
  schema: BugzillaTables,
  catalogue: CatalogueData,
): Promise<CatalogueData> {
  const [tables, componentColumns] = await Promise.all([schema.tables(), schema.columns('components')]);
  const triageOwners = componentColumns.has('triage_owner_id')
    ? new Map(
        (await select('SELECT id, triage_owner_id FROM components')).map((row) => [
          num(row.id),
          nullableNum(row.triage_owner_id),
        ]),
      )
    : undefined;
  const read = (table: string, owner: string) =>
    tables.has(table)
      ? select(`SELECT ${owner}, user_id FROM ${table} ORDER BY ${owner}, sortkey, id`).then((rows) =>
          groupBy(rows, owner, (row) => num(row.user_id)),
        )
      : undefined;
  const [byProduct, byComponent] = await Promise.all([
    read('product_reviewers', 'product_id'),
    read('component_reviewers', 'component_id'),
  ]);
  if (!triageOwners && !byProduct && !byComponent) return catalogue;
  const products = catalogue.products.map((product) => {
    const reviewers = byProduct?.get(product.id);
    const components = product.components.map((component) => {
      const owner = triageOwners?.get(component.id);
      const own = byComponent?.get(component.id);
      return {
        ...component,
        ...(owner !== undefined && owner !== null && owner !== 0 ? { triageOwner: owner } : {}),
        ...(own ? { reviewers: own } : {}),
      };
    });
    return { ...product, components, ...(reviewers ? { reviewers } : {}) };
  });
  return { ...catalogue, products };
}
