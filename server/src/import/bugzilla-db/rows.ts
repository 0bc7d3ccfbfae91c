export { flag, groupBy, nullableNum, num, type Row, text } from '../../stores/bugzilla-db/row-values.js';

/** Ids from..to, both included: the window one batch of a table (and of its rows in the tables that refer to it) reads. */
export interface IdRange {
  from: number;
  to: number;
}
