import type { VisitRecord } from './types.js';

/** The recent list's length, fixed by Bugzilla. */
export const RECENT_LIMIT = 20;

interface Ranked {
  bugId: number;
  ts: number;
}

/**
 * One user's visits: bug -> epoch seconds, plus a maintained "most recent
 * 20" list so the recent query never scans a heavy user's whole history.
 *
 * Order is Bugzilla's: newest timestamp first, and within one second the later
 * write first. The Map's insertion order is the write order (an update deletes
 * and re-inserts), which breaks ties without storing a sequence number.
 */
export class UserVisits {
  readonly #byBug = new Map<number, number>();
  /** Top min(RECENT_LIMIT, size) entries, best first; null when it must be rebuilt. */
  #recent: Ranked[] | null = null;

  get size(): number {
    return this.#byBug.size;
  }

  get(bugId: number): number | undefined {
    return this.#byBug.get(bugId);
  }

  /** Records a visit; it is the latest write, so it wins every tie. */
  set(bugId: number, ts: number): void {
    const previous = this.#byBug.get(bugId);
    this.#byBug.delete(bugId);
    this.#byBug.set(bugId, ts);
    const recent = this.#recent;
    if (recent === null) return;
    const index = recent.findIndex((entry) => entry.bugId === bugId);
    if (index >= 0) {
      if (previous !== undefined && ts < previous) {
        // The clock went backwards: this bug may now rank below one we do not hold.
        this.#recent = null;
        return;
      }
      recent.splice(index, 1);
      insertAsLatest(recent, { bugId, ts });
    } else if (recent.length < RECENT_LIMIT) {
      // Fewer than the limit held means all of the user's visits are held.
      insertAsLatest(recent, { bugId, ts });
    } else if (ts >= (recent[recent.length - 1] as Ranked).ts) {
      insertAsLatest(recent, { bugId, ts });
      recent.pop();
    }
  }

  /** Forgets the visit of one bug (Bugzilla deletes the rows of users no longer involved). */
  delete(bugId: number): void {
    if (this.#byBug.delete(bugId)) this.#recent = null;
  }

  /** Drops visits older than `cutoff` (epoch seconds); returns how many. */
  pruneBefore(cutoff: number): number {
    let removed = 0;
    for (const [bugId, ts] of this.#byBug) {
      if (ts < cutoff) {
        this.#byBug.delete(bugId);
        removed++;
      }
    }
    if (removed > 0) this.#recent = null;
    return removed;
  }

  /** The most recent visits, newest first (at most RECENT_LIMIT). */
  recent(limit = RECENT_LIMIT): VisitRecord[] {
    this.#recent ??= this.#rank();
    return this.#recent.slice(0, limit).map((entry) => ({ bugId: entry.bugId, lastVisitTs: entry.ts }));
  }

  /** Every visit in write order (oldest write first), for snapshots. */
  *entries(): IterableIterator<[number, number]> {
    yield* this.#byBug;
  }

  #rank(): Ranked[] {
    // Walk in write order: a later entry beats an earlier one with the same timestamp.
    const top: Ranked[] = [];
    for (const [bugId, ts] of this.#byBug) {
      if (top.length < RECENT_LIMIT || ts >= (top[top.length - 1] as Ranked).ts) {
        insertAsLatest(top, { bugId, ts });
        if (top.length > RECENT_LIMIT) top.pop();
      }
    }
    return top;
  }
}

/** Inserts before every entry it beats: all with an older or equal timestamp. */
function insertAsLatest(list: Ranked[], entry: Ranked): void {
  let index = 0;
  while (index < list.length && (list[index] as Ranked).ts > entry.ts) index++;
  list.splice(index, 0, entry);
}
