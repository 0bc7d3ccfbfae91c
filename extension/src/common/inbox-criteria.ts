import type { Reason } from './inbox-state.js';

/** What the inbox is narrowed to; every part optional, all given parts must match. */
export interface Criteria {
  tracker?: string | undefined;
  reason?: Reason | undefined;
  product?: string | undefined;
  component?: string | undefined;
  status?: string | undefined;
  /** A changed field, by its label ("Priority"). */
  field?: string | undefined;
  /** Words that must all be in the summary (any letter case). */
  text?: string | undefined;
  starred?: boolean | undefined;
}
