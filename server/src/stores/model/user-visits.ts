import type { VisitRecord } from '../../bugzilla/types.js';

import { RECENT_VISITS_LIMIT } from '../../bugzilla/visit/visits.js';

/** The recent list's length, fixed by Bugzilla. */
export const RECENT_LIMIT = RECENT_VISITS_LIMIT;

/** [bug, ts, write sequence, row number]. */
type Entry = [number, number, number, number];

interface Ranked {
  bugId: number;
  ts: number;
}

/**
 * Slots per entry in the table: bug id (0 = empty), timestamp, write sequence, and row number
 * (the sequence of the row's first write: Bugzilla's `bug_user_last_visit.id`, which a later
 * visit of the same bug keeps).
 */
const BUG = 0;
const TS = 1;
const SEQ = 2;
const ROW = 3;
const WIDTH = 4;
const MIN_CAPACITY = 8;

/**
 * One user's visits: bug -> epoch seconds, plus a maintained "most recent
 * 20" list so the recent query never scans a heavy user's whole history.
 *
 * Order is Bugzilla's: newest timestamp first, and within one second the later
 * write first, which a per-entry write sequence number decides.
 *
 * Kept in one Float64Array as an open-addressing hash table (linear probing,
 * backward-shift deletion) rather than a Map: about 50 bytes a visit instead of
 * about 100, and a repeated visit updates its slot in place, where a Map's
 * delete-and-insert left garbage for the old space to collect. At a million
 * stored visits under thousands of writes a second, that garbage and that size
 * were most of the server's memory.
 */
export class UserVisits {
  #table = new Float64Array(MIN_CAPACITY * WIDTH);
  #capacity = MIN_CAPACITY;
  #size = 0;
  #nextSeq = 1;
  /** Top min(RECENT_LIMIT, size) entries, best first; null when it must be rebuilt. */
  #recent: Ranked[] | null = null;

  get size(): number {
    return this.#size;
  }

  get(bugId: number): number | undefined {
    const slot = this.#find(bugId);
    return slot < 0 ? undefined : (this.#table[slot * WIDTH + TS] as number);
  }

  /** Records a visit; it is the latest write, so it wins every tie. */
  set(bugId: number, ts: number): void {
    if (!(bugId > 0)) throw new RangeError(`a visit's bug id must be positive, not ${bugId}`);
    let slot = this.#find(bugId);
    const previous = slot < 0 ? undefined : (this.#table[slot * WIDTH + TS] as number);
    const seq = this.#nextSeq++;
    if (slot < 0) {
      if ((this.#size + 1) * 4 > this.#capacity * 3) this.#resize(this.#capacity * 2);
      slot = this.#emptySlotFor(bugId);
      this.#table[slot * WIDTH + BUG] = bugId;
      this.#table[slot * WIDTH + ROW] = seq;
      this.#size++;
    }
    this.#table[slot * WIDTH + TS] = ts;
    this.#table[slot * WIDTH + SEQ] = seq;
    this.#rerank(bugId, ts, previous);
  }

  /** Forgets the visit of one bug (Bugzilla deletes the rows of users no longer involved). */
  delete(bugId: number): void {
    const slot = this.#find(bugId);
    if (slot < 0) return;
    this.#removeAt(slot);
    this.#recent = null;
  }

  /** Drops visits older than `cutoff` (epoch seconds); returns how many. */
  pruneBefore(cutoff: number): number {
    const kept = this.#all().filter((entry) => entry[1] >= cutoff);
    const removed = this.#size - kept.length;
    if (removed === 0) return 0;
    this.#rebuild(kept);
    return removed;
  }

  /** How many visits are older than `cutoff` (epoch seconds). */
  countBefore(cutoff: number): number {
    let count = 0;
    const table = this.#table;
    for (let at = 0; at < table.length; at += WIDTH) {
      if (table[at + BUG] !== 0 && (table[at + TS] as number) < cutoff) count++;
    }
    return count;
  }

  /** The most recent visits, newest first (at most RECENT_LIMIT). */
  recent(limit = RECENT_LIMIT): VisitRecord[] {
    this.#recent ??= this.#rank();
    return this.#recent.slice(0, limit).map((entry) => ({ bugId: entry.bugId, lastVisitTs: entry.ts }));
  }

  /** Every visit in write order (oldest write first), for snapshots. */
  *entries(): IterableIterator<[number, number]> {
    for (const [bugId, ts] of this.#ordered()) yield [bugId, ts];
  }

  /** Every visit in row order (the first visit of each bug first), as Bugzilla's `ORDER BY id` lists them. */
  inRowOrder(): VisitRecord[] {
    return this.#all()
      .sort((a, b) => a[3] - b[3])
      .map(([bugId, lastVisitTs]) => ({ bugId, lastVisitTs }));
  }

  /** [bug, ts, seq, row] of every visit, oldest write first. */
  #ordered(): Entry[] {
    return this.#all().sort((a, b) => a[2] - b[2]);
  }

  /** [bug, ts, seq, row] of every visit, in table order. */
  #all(): Entry[] {
    const all: Entry[] = [];
    const table = this.#table;
    for (let at = 0; at < table.length; at += WIDTH) {
      const bugId = table[at + BUG] as number;
      if (bugId !== 0)
        all.push([bugId, table[at + TS] as number, table[at + SEQ] as number, table[at + ROW] as number]);
    }
    return all;
  }

  #rerank(bugId: number, ts: number, previous: number | undefined): void {
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

  #rank(): Ranked[] {
    // In write order: a later entry beats an earlier one with the same timestamp.
    const top: Ranked[] = [];
    for (const [bugId, ts] of this.#ordered()) {
      if (top.length < RECENT_LIMIT || ts >= (top[top.length - 1] as Ranked).ts) {
        insertAsLatest(top, { bugId, ts });
        if (top.length > RECENT_LIMIT) top.pop();
      }
    }
    return top;
  }

  #home(bugId: number): number {
    // Fibonacci hashing: the product's high bits, so ids a power of two apart do not share a home.
    return Math.imul(bugId | 0, 0x9e3779b1) >>> (32 - Math.log2(this.#capacity));
  }

  #find(bugId: number): number {
    const table = this.#table;
    const mask = this.#capacity - 1;
    for (let slot = this.#home(bugId); ; slot = (slot + 1) & mask) {
      const held = table[slot * WIDTH + BUG];
      // Empty first: 0 marks an empty slot, so asking for bug 0 (never stored) must not "find" one.
      if (held === 0) return -1;
      if (held === bugId) return slot;
    }
  }

  #emptySlotFor(bugId: number): number {
    const mask = this.#capacity - 1;
    let slot = this.#home(bugId);
    while (this.#table[slot * WIDTH + BUG] !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  /** Backward-shift deletion: later entries of the probe run move up, so no tombstones are left. */
  #removeAt(start: number): void {
    const table = this.#table;
    const mask = this.#capacity - 1;
    let hole = start;
    for (let slot = (hole + 1) & mask; table[slot * WIDTH + BUG] !== 0; slot = (slot + 1) & mask) {
      const home = this.#home(table[slot * WIDTH + BUG] as number);
      // The entry may fill the hole unless its home lies cyclically in (hole, slot].
      const stays = hole <= slot ? hole < home && home <= slot : hole < home || home <= slot;
      if (stays) continue;
      table.copyWithin(hole * WIDTH, slot * WIDTH, slot * WIDTH + WIDTH);
      hole = slot;
    }
    table.fill(0, hole * WIDTH, hole * WIDTH + WIDTH);
    this.#size--;
  }

  #resize(capacity: number): void {
    this.#rebuild(this.#all(), capacity);
  }

  /** Refills the table with `entries` (write and row order kept through their sequence numbers). */
  #rebuild(entries: Entry[], capacity = tableCapacityFor(entries.length)): void {
    this.#capacity = capacity;
    this.#table = new Float64Array(capacity * WIDTH);
    this.#size = entries.length;
    for (const [bugId, ts, seq, row] of entries) {
      const slot = this.#emptySlotFor(bugId);
      this.#table[slot * WIDTH + BUG] = bugId;
      this.#table[slot * WIDTH + TS] = ts;
      this.#table[slot * WIDTH + SEQ] = seq;
      this.#table[slot * WIDTH + ROW] = row;
    }
    this.#recent = null;
  }
}

/** The smallest power of two that holds `count` entries at most three quarters full. */
function tableCapacityFor(count: number): number {
  let capacity = MIN_CAPACITY;
  while (count * 4 > capacity * 3) capacity *= 2;
  return capacity;
}

/** Inserts before every entry it beats: all with an older or equal timestamp. */
function insertAsLatest(list: Ranked[], entry: Ranked): void {
  let index = 0;
  while (index < list.length && (list[index] as Ranked).ts > entry.ts) index++;
  list.splice(index, 0, entry);
}
