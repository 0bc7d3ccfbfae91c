import { canSeeBug } from '../../bugzilla/access.js';
import type { CompiledSearch } from '../../bugzilla/search/compiled-search.js';
import type { SqlValue } from '../../bugzilla/search/evaluate-where.js';
import { bugMatches } from '../../bugzilla/search/evaluate-where.js';
import { compareOrderValues, orderValues } from '../../bugzilla/search/order-values.js';
import type { Bug } from '../../bugzilla/types.js';
import type { Ids } from './id-set.js';
import type { Model } from './model.js';
import { ModelSearchSource } from './model-search-source.js';
import { searchCandidates } from './search-candidates.js';

/**
 * A compiled search over the model: the candidates its indexes give (every bug, by id, when none
 * narrows it), each checked in full and for the viewer, then ordered as asked (by id when not, and
 * to break ties) and cut to its page. In id order a page is done as soon as it is full, so a search
 * costs its matches (up to its limit), not the tracker.
 */
export function modelSearch(model: Model, search: CompiledSearch): Bug[] {
  const source = new ModelSearchSource(model, search.viewer.user, search.now);
  const candidates: Ids =
    (search.where &&
      searchCandidates(search.where, { indexes: model.indexes, users: () => model.users.values(), source })) ??
    model.indexes.all.ids();
  const parameters = model.instance.parameters;
  const found: Bug[] = [];
  const wanted = search.order.length === 0 ? search.offset + search.limit : Number.POSITIVE_INFINITY;
  for (let i = 0; i < candidates.length && found.length < wanted; i++) {
    const bug = model.bugs.get(candidates[i] as number);
    if (bug === undefined || (!search.unrestricted && !canSeeBug(search.viewer.user, bug, parameters))) continue;
    if (search.where && !bugMatches(search.where, bug, source)) continue;
    found.push(bug);
  }
  if (search.order.length === 0) return found.slice(search.offset, search.offset + search.limit);
  const keyed: Array<{ bug: Bug; values: Array<readonly SqlValue[]> }> = [];
  for (const bug of found) {
    const values: Array<readonly SqlValue[]> = [];
    let inner = true;
    for (const key of search.order) {
      const value = orderValues(key, bug, source, model.catalogue);
      if (value === undefined) inner = false;
      else values.push(value);
    }
    // An ORDER BY column joined INNER (a select's sortkey, the milestone) leaves out bugs it has no row for.
    if (inner) keyed.push({ bug, values });
  }
  keyed.sort((a, b) => {
    for (const [i, key] of search.order.entries()) {
      const c = compareOrderValues(a.values[i] as readonly SqlValue[], b.values[i] as readonly SqlValue[], key.desc);
      if (c !== 0) return c;
    }
    return a.bug.id - b.bug.id;
  });
  return keyed.slice(search.offset, search.offset + search.limit).map((entry) => entry.bug);
}
