import type { Catalogue } from '../catalogue/catalogue.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { TriageOwnerRow } from './chart-args.js';
import type { Clause, Criterion } from './criteria.js';

const NONE: readonly TriageOwnerRow[] = [];

/** Whether some condition of the criteria names BMO's triage_owner field. */
function namesTriageOwner(node: Criterion): boolean {
  if (node.kind === 'condition') return node.field === 'triage_owner';
  return node.children.some(namesTriageOwner);
}

/**
 * The components that have a triage owner, each with its owner's id and login (BMO's
 * `profiles JOIN components ON components.triage_owner_id = profiles.userid`), read only when a
 * chart names triage_owner: the catalogue has the components, the store the users.
 */
export function triageOwnerRows(store: Store, catalogue: Catalogue, criteria: Clause): Read<readonly TriageOwnerRow[]> {
  if (!namesTriageOwner(criteria)) return NONE;
  const owned: Array<{ product: string; component: string; owner: number }> = [];
  for (const product of catalogue.data.products) {
    for (const component of product.components) {
      if (component.triageOwner != null)
        owned.push({ product: product.name, component: component.name, owner: component.triageOwner });
    }
  }
  return afterRead(readAll(owned.map((row) => store.userById(row.owner))), (users) => {
    const rows: TriageOwnerRow[] = [];
    for (const [i, row] of owned.entries()) {
      const user = users[i];
      if (user) rows.push({ product: row.product, component: row.component, userid: user.id, login_name: user.login });
    }
    return rows;
  });
}
