import {
  type FlagActivity,
  type FlagActivityCriteria,
  meetsFlagActivityCriteria,
  type NewFlagActivity,
} from '../../bugzilla/flag/bmo-flag-activity.js';
import type { SnapshotFlagActivity } from '../../bugzilla/store/snapshot.js';
import { flagActivityOfRecord, recordOfFlagActivity } from '../flag-activity-records.js';

type Indexed = 'flagId' | 'typeId' | 'bugId' | 'setterId' | 'requesteeId';

function push(index: Map<number, FlagActivity[]>, key: number | null, row: FlagActivity): void {
  if (key === null) return;
  const list = index.get(key);
  if (list) list.push(row);
  else index.set(key, [row]);
}

/** The first place in `rows` (ordered by `when`) whose time is at least `when`. */
function firstAtOrAfter(rows: readonly FlagActivity[], when: number): number {
  let [low, high] = [0, rows.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle] as FlagActivity).when < when) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * BMO's flag_activity rows in memory, indexed as its table is (flag, type, bug; and setter,
 * requestee, time, which its queries filter on): a read looks at the rows of one index entry, or of
 * the time window, never at every row.
 */
export class ModelFlagActivity {
  #maxId = 0;
  readonly #byWhen: FlagActivity[] = [];
  readonly #indexes: Record<Indexed, Map<number, FlagActivity[]>> = {
    flagId: new Map(),
    typeId: new Map(),
    bugId: new Map(),
    setterId: new Map(),
    requesteeId: new Map(),
  };

  clear(): void {
    this.#maxId = 0;
    this.#byWhen.length = 0;
    for (const index of Object.values(this.#indexes)) index.clear();
  }

  load(rows: readonly SnapshotFlagActivity[]): void {
    for (const row of rows) this.#add(flagActivityOfRecord(row));
  }

  /** New rows, numbered after the last. */
  record(rows: readonly NewFlagActivity[]): void {
    for (const row of rows) this.#add({ id: this.#maxId + 1, ...row });
  }

  #add(row: FlagActivity): void {
    this.#maxId = Math.max(this.#maxId, row.id);
    // Rows come in time order but for a clock set back: those go to their place.
    const last = this.#byWhen.at(-1);
    if (last === undefined || last.when <= row.when) this.#byWhen.push(row);
    else this.#byWhen.splice(firstAtOrAfter(this.#byWhen, row.when + 1), 0, row);
    for (const key of Object.keys(this.#indexes) as Indexed[]) push(this.#indexes[key], row[key], row);
  }

  /** The rows that meet the criteria, by id, one page of them: from the smallest index entry that holds them all. */
  find(criteria: FlagActivityCriteria): FlagActivity[] {
    const lists: FlagActivity[][] = [];
    const of = (index: Indexed, keys: readonly number[] | undefined) => {
      if (keys) lists.push(keys.flatMap((key) => this.#indexes[index].get(key) ?? []));
    };
    of('flagId', criteria.flagIds);
    of('typeId', criteria.typeIds);
    of('bugId', criteria.bugId === undefined ? undefined : [criteria.bugId]);
    of('setterId', criteria.setterId === undefined ? undefined : [criteria.setterId]);
    of('requesteeId', criteria.requesteeId === undefined ? undefined : [criteria.requesteeId]);
    const window = () =>
      this.#byWhen.slice(firstAtOrAfter(this.#byWhen, criteria.from), firstAtOrAfter(this.#byWhen, criteria.to + 1));
    const candidates = lists.length > 0 ? lists.reduce((a, b) => (b.length < a.length ? b : a)) : window();
    return candidates
      .filter((row) => meetsFlagActivityCriteria(row, criteria))
      .sort((a, b) => a.id - b.id)
      .slice(criteria.offset, criteria.offset + criteria.limit);
  }

  *snapshotRows(): Iterable<SnapshotFlagActivity> {
    const byId = [...this.#byWhen].sort((a, b) => a.id - b.id);
    for (const row of byId) yield recordOfFlagActivity(row);
  }
}
