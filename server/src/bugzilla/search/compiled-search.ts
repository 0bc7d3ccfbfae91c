import type { User } from '../types.js';
import type { SearchField } from './search-fields.js';
import type { OrderKey } from './search-order.js';
import type { SearchWhere } from './search-term.js';

/** Who searches, as the bug group security of Search.pm's _standard_joins and _standard_where reads it. */
export interface SearchViewer {
  user: User | undefined;
  /** or_groups: one of a bug's groups suffices. */
  orGroups: boolean;
  /** useqacontact: the QA contact may see the bug. */
  useQaContact: boolean;
}

/**
 * One search, compiled once from whatever the client sent, for a store to run where its data is:
 * the bugs the viewer may see that `where` finds (every bug when null), in `order` (then by id),
 * `offset` of them skipped and at most `limit` answered.
 */
export interface CompiledSearch {
  where: SearchWhere | null;
  order: readonly OrderKey[];
  limit: number;
  offset: number;
  viewer: SearchViewer;
  /** Search.pm's _no_security_check: every bug, whoever may see it (possible_duplicates checks afterwards). */
  unrestricted: boolean;
  /** In the insidergroup (private comments are theirs to search). */
  insider: boolean;
  /** The fields the search could name, custom ones too (their types). */
  fields: ReadonlyMap<string, SearchField>;
  /** Epoch seconds the search runs at (days_elapsed counts to it). */
  now: number;
  /** How long the request waits for it (the method's bound): a database gives it up then. */
  timeoutMs: number;
}
