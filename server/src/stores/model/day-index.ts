import { IdSet, type Ids, unionIds } from './id-set.js';

const DAY = 86400;

/**
 * Bugs by the day of a time of theirs (creation, last change): a range of times is the days it
 * spans, the edge days checked by the caller. A day's set is small, so moving a bug when its time
 * changes (every write) is cheap; each bug's day is remembered, as times change in place.
 */
export class DayIndex {
  readonly #byDay = new Map<number, IdSet>();
  readonly #dayOf = new Map<number, number>();
  /** The days that have bugs, ascending; rebuilt when a day appears or empties. */
  #days: number[] | undefined = [];

  set(bugId: number, epochSeconds: number): void {
    const day = Math.floor(epochSeconds / DAY);
    const old = this.#dayOf.get(bugId);
    if (old === day) return;
    if (old !== undefined) this.#remove(bugId, old);
    this.#dayOf.set(bugId, day);
    let ids = this.#byDay.get(day);
    if (ids === undefined) {
      ids = new IdSet();
      this.#byDay.set(day, ids);
      this.#days = undefined;
    }
    ids.add(bugId);
  }

  delete(bugId: number): void {
    const old = this.#dayOf.get(bugId);
    if (old === undefined) return;
    this.#remove(bugId, old);
    this.#dayOf.delete(bugId);
  }

  #remove(bugId: number, day: number): void {
    const ids = this.#byDay.get(day);
    ids?.delete(bugId);
    if (ids?.size === 0) {
      this.#byDay.delete(day);
      this.#days = undefined;
    }
  }

  clear(): void {
    this.#byDay.clear();
    this.#dayOf.clear();
    this.#days = [];
  }

  /** The bugs whose time may lie in [from, to] (epoch seconds, either open): the days the range touches. */
  between(from: number | undefined, to: number | undefined): Ids {
    this.#days ??= [...this.#byDay.keys()].sort((a, b) => a - b);
    const first = from === undefined ? Number.NEGATIVE_INFINITY : Math.floor(from / DAY);
    const last = to === undefined ? Number.POSITIVE_INFINITY : Math.floor(to / DAY);
    const lists: Ids[] = [];
    for (const day of this.#days) {
      if (day < first) continue;
      if (day > last) break;
      lists.push((this.#byDay.get(day) as IdSet).ids());
    }
    return lists.length === 0 ? [] : unionIds(lists);
  }
}
