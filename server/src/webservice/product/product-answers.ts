import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { Product } from '../../bugzilla/catalogue/types.js';
import { afterRead, type Read, readAll } from '../../bugzilla/read.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { PreparedJson } from '../../http/prepared-json.js';
import { componentPeople } from './product-json.js';

export type ProductsAnswer = { products: Record<string, unknown>[] };

/** One prepared answer and what it was made from besides the catalogue: the logins of the components' people. */
interface Kept {
  people: readonly number[];
  logins: readonly string[];
  /** The store's userChanges when those logins were read: while it holds, they need no reading again. */
  userChanges: number | undefined;
  answer: PreparedJson<ProductsAnswer>;
}

/**
 * Product.get's answers, made once per catalogue (every catalogue write, on every store, makes a new
 * Catalogue object, so its answers go with the old one) and per selection (the products the caller
 * may see, include/exclude_fields). The owners' logins live outside the catalogue, so a kept answer
 * is sent at once while the store's count of user changes is what it was, and otherwise only once
 * each owner's login is found still what it was.
 */
const KEPT = new WeakMap<Catalogue, Map<string, Kept>>();
/** Different answers kept per catalogue (callers who see different products, different fields). */
const KEPT_PER_CATALOGUE = 16;

export function productsAnswer(
  store: Store,
  requested: readonly Product[],
  selection: string,
  build: (loginOf: (id: number | null) => string) => ProductsAnswer,
): Read<PreparedJson<ProductsAnswer>> {
  const catalogue = store.catalogue;
  let kept = KEPT.get(catalogue);
  if (!kept) {
    kept = new Map();
    KEPT.set(catalogue, kept);
  }
  const known = kept.get(selection);
  // Read before the users: a change landing while they are read makes the next request look again.
  const userChanges = store.userChanges;
  if (known && userChanges !== undefined && known.userChanges === userChanges) return known.answer;
  const people = known?.people ?? componentPeople(requested);
  return afterRead(readAll(people.map((id) => store.userById(id))), (users) => {
    if (known && sameLogins(users, known.logins)) {
      known.userChanges = userChanges;
      return known.answer;
    }
    const logins = users.map((user) => user?.login ?? '');
    const byId = new Map<number, string>();
    for (let i = 0; i < people.length; i++) byId.set(people[i] as number, logins[i] as string);
    const answer = new PreparedJson(build((id) => (id === null ? '' : (byId.get(id) ?? ''))));
    const map = kept as Map<string, Kept>;
    if (map.size >= KEPT_PER_CATALOGUE) map.clear();
    map.set(selection, { people, logins, userChanges, answer });
    return answer;
  });
}

function sameLogins(users: readonly (User | undefined)[], logins: readonly string[]): boolean {
  for (let i = 0; i < users.length; i++) if ((users[i]?.login ?? '') !== logins[i]) return false;
  return true;
}
