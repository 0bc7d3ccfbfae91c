import { BugzillaError } from '../errors.js';
import { EVERY_MATCH, unrestrictedSearch } from '../search/every-bug.js';
import { and, test } from '../search/search-term.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';
import { byName, productsFor } from './product-lists.js';

/**
 * BMO's triage owners report (extensions/BMO/lib/Reports/Triage.pm `owners`), which
 * `GET /rest/bmo/triage_owners` answers: each component of the chosen products with its triage
 * owner and how many of its bugs wait for triage, by type.
 */

/** The products the report shows when neither a product nor an owner is given (Triage.pm DEFAULT_OWNER_PRODUCTS). */
const DEFAULT_OWNER_PRODUCTS = [
  'Core',
  'Developer Infrastructure',
  'DevTools',
  'External Software Affecting Firefox',
  'Firefox Build System',
  'Firefox for Android',
  'Firefox',
  'GeckoView',
  'NSPR',
  'NSS',
  'Remote Protocol',
  'Testing',
  'Toolkit',
  'WebExtensions',
];

/** Bugs filed before this day are not counted (the report's `creation_ts >= '2016-06-01'`). */
const COUNTED_SINCE = Date.UTC(2016, 5, 1) / 1000;

export interface TriageOwnersInput {
  product: string | null;
  components: readonly string[];
  owner: string | null;
}

export interface TriageOwnerRow {
  product: string;
  component: string;
  owner: User | undefined;
  bugCounts: Record<string, number>;
}

/** Bugzilla::User::login_to_id with THROW_ERROR: a name no account has is refused. */
async function ownerIds(store: Store, owner: string | null): Promise<number[]> {
  const ids: number[] = [];
  for (const name of (owner ?? '').split(/[,;]+/)) {
    const login = name.trim();
    if (!login) continue;
    const user = await store.userByLogin(login);
    if (!user) {
      throw new BugzillaError(
        504,
        `The name ${login} is not a valid username. Either you misspelled it, or the person has not registered for a Bugzilla account.`,
      );
    }
    ids.push(user.id);
  }
  return ids;
}

/** The report's count: open, untriaged (priority `--`), filed since mid-2016, with no needinfo asked on it or its attachments. */
async function waitsForTriage(bug: Bug, store: Store): Promise<boolean> {
  const f = bug.fields;
  if (f.resolution !== '' || f.priority !== '--' || f.creation_time < COUNTED_SINCE) return false;
  const asked = (flags: ReadonlyArray<{ name: string; status: string }>) =>
    flags.some((flag) => flag.name === 'needinfo' && flag.status === '?');
  if (asked(f.flags)) return false;
  return !(await store.attachmentsOf(bug.id)).some((attachment) => asked(attachment.flags));
}

/**
 * The open bugs of the products with no priority set, found where the data is: the report's cost is
 * their number, not the tracker's (the rest of its test is waitsForTriage's, on each of them).
 */
async function untriagedBugs(store: Store, products: readonly string[]): Promise<Bug[]> {
  if (products.length === 0) return [];
  const bug = (column: 'product' | 'resolution' | 'priority') => ({ kind: 'bug', column }) as const;
  const where = and(
    test(bug('product'), { op: 'in', values: products }),
    test(bug('resolution'), { op: 'cmp', cmp: '=', value: '' }),
    test(bug('priority'), { op: 'cmp', cmp: '=', value: '--' }),
  );
  return store.searchBugs(
    unrestrictedSearch({ where, joins: new Map() }, [], EVERY_MATCH, Math.floor(Date.now() / 1000)),
  );
}

export async function triageOwners(
  store: Store,
  user: User | undefined,
  input: TriageOwnersInput,
): Promise<TriageOwnerRow[]> {
  const catalogue = store.catalogue;
  const accessible = productsFor('accessible', user, catalogue, store.instance.parameters.or_groups === '1');
  const products =
    !input.product && input.owner
      ? productsFor('selectable', user, catalogue, store.instance.parameters.or_groups === '1')
      : (input.product ? [input.product] : DEFAULT_OWNER_PRODUCTS)
          .map((name) => accessible.find((product) => product.name === name))
          .filter((product) => product !== undefined);
  const owners = await ownerIds(store, input.owner);
  // Components are narrowed only when one product is shown (an unknown name narrows to nothing of it).
  const named = products.length === 1 && input.components.length > 0 ? new Set(input.components) : undefined;
  const rows = products
    .flatMap((product) => product.components.map((component) => ({ product, component })))
    .filter(({ component }) => !named || named.has(component.name))
    .filter(({ component }) => owners.length === 0 || owners.includes(component.triageOwner ?? -1))
    .sort((a, b) => byName(a.product.name, b.product.name) || byName(a.component.name, b.component.name));
  const shown = new Set(rows.map(({ product, component }) => `${product.name}\u0000${component.name}`));
  const waiting = new Map<string, Bug[]>();
  for (const bug of await untriagedBugs(store, [...new Set(rows.map(({ product }) => product.name))])) {
    const key = `${bug.fields.product}\u0000${bug.fields.component}`;
    if (!shown.has(key) || !(await waitsForTriage(bug, store))) continue;
    const list = waiting.get(key);
    if (list) list.push(bug);
    else waiting.set(key, [bug]);
  }
  const result: TriageOwnerRow[] = [];
  for (const { product, component } of rows) {
    const bugCounts: Record<string, number> = { defect: 0, enhancement: 0, task: 0 };
    let total = 0;
    for (const bug of waiting.get(`${product.name}\u0000${component.name}`) ?? []) {
      const type = bug.fields.bug_type ?? store.instance.parameters.default_bug_type ?? 'defect';
      bugCounts[type] = (bugCounts[type] ?? 0) + 1;
      total++;
    }
    bugCounts.total = total;
    const owner = component.triageOwner == null ? undefined : await store.userById(component.triageOwner);
    result.push({ product: product.name, component: component.name, owner, bugCounts });
  }
  return result;
}
