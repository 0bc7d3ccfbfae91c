import { afterRead, type Read } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';
import { compileSearch } from './compile-search.js';
import type { SearchTransport } from './webservice-params.js';

/** How the call came (what its quicksearch keeps) and when it runs; REST now by default. */
export interface SearchOptions {
  transport?: SearchTransport;
  /** Epoch seconds. */
  now?: number;
  /** How long the caller waits for the answer (10 s, the methods' default bound, when not said). */
  timeoutMs?: number;
  /** BMO's Bug.search: its fields and count_only (the profile's bmoSearch). */
  bmo?: boolean;
}

/**
 * 5.2's Bug.search: the query compiled once (WebService/Bug.pm, Search.pm, Quicksearch.pm; compile-search.ts),
 * then run by the store where its data is; the bugs the user may see, in the order asked, one page of them.
 */
export function searchBugs(
  store: Store,
  user: User | undefined,
  query: URLSearchParams,
  options: SearchOptions = {},
): Read<Bug[]> {
  const compiled = compileSearch(store, {
    query,
    transport: options.transport ?? { kind: 'rest' },
    user,
    now: options.now ?? Math.floor(Date.now() / 1000),
    timeoutMs: options.timeoutMs ?? 10_000,
    bmo: options.bmo === true,
  });
  return afterRead(compiled, (search) => store.searchBugs(search));
}
