/** How many changes a set holds aside before it merges them into its array (one pass over it). */
const PENDING_LIMIT = 256;

/**
 * A set of bug ids kept sorted in a typed array: small (4 bytes an id), in id order for free, and
 * cheap to add to at the end, where new bugs' ids go. An add or delete elsewhere would move the
 * array's tail (a write to a bug in a 100,000-bug set moved 200 kB), so it is held aside in two
 * short sorted lists and merged in one pass when they fill up or when the ids are read: a write costs
 * a few hundred steps at most, and a read after writes one pass, as a single move would have.
 */
export class IdSet {
  #ids: Int32Array;
  #length = 0;
  /** Ids added, not in #ids; sorted. */
  readonly #added: number[] = [];
  /** Ids of #ids deleted; sorted. */
  readonly #removed: number[] = [];

  constructor(capacity = 4) {
    this.#ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.#length + this.#added.length - this.#removed.length;
  }

  clear(): void {
    this.#length = 0;
    this.#added.length = 0;
    this.#removed.length = 0;
  }

  has(id: number): boolean {
    if (find(this.#added, id, this.#added.length) >= 0) return true;
    return find(this.#ids, id, this.#length) >= 0 && find(this.#removed, id, this.#removed.length) < 0;
  }

  add(id: number): void {
    const pending = this.#added.length + this.#removed.length;
    if (pending === 0 && (this.#length === 0 || (this.#ids[this.#length - 1] as number) < id)) {
      this.#grow(this.#length + 1);
      this.#ids[this.#length++] = id;
      return;
    }
    const removedAt = find(this.#removed, id, this.#removed.length);
    if (removedAt >= 0) {
      this.#removed.splice(removedAt, 1);
      return;
    }
    if (find(this.#ids, id, this.#length) >= 0) return;
    const addedAt = find(this.#added, id, this.#added.length);
    if (addedAt >= 0) return;
    this.#added.splice(~addedAt, 0, id);
    if (pending + 1 >= PENDING_LIMIT) this.#merge();
  }

  delete(id: number): void {
    const addedAt = find(this.#added, id, this.#added.length);
    if (addedAt >= 0) {
      this.#added.splice(addedAt, 1);
      return;
    }
    if (find(this.#ids, id, this.#length) < 0) return;
    if (this.#removed.length === 0 && this.#added.length === 0 && (this.#ids[this.#length - 1] as number) === id) {
      this.#length--;
      return;
    }
    const removedAt = find(this.#removed, id, this.#removed.length);
    if (removedAt >= 0) return;
    this.#removed.splice(~removedAt, 0, id);
    if (this.#added.length + this.#removed.length >= PENDING_LIMIT) this.#merge();
  }

  /** The ids in order (a view: valid until the set changes). */
  ids(): Int32Array {
    this.#merge();
    return this.#ids.subarray(0, this.#length);
  }

  /** The ids from the first that is at least `from`. */
  idsFrom(from: number): Int32Array {
    this.#merge();
    const at = find(this.#ids, from, this.#length);
    return this.#ids.subarray(at >= 0 ? at : ~at, this.#length);
  }

  #grow(needed: number): void {
    if (needed <= this.#ids.length) return;
    const bigger = new Int32Array(Math.max(4, this.#ids.length * 2, needed));
    bigger.set(this.#ids.subarray(0, this.#length));
    this.#ids = bigger;
  }

  /** The changes held aside, merged into the array in place: deletions in a pass forward, additions from the back. */
  #merge(): void {
    const removed = this.#removed;
    const added = this.#added;
    if (removed.length > 0) {
      const ids = this.#ids;
      let write = 0;
      let r = 0;
      for (let read = 0; read < this.#length; read++) {
        const id = ids[read] as number;
        if (r < removed.length && removed[r] === id) r++;
        else ids[write++] = id;
      }
      this.#length = write;
      removed.length = 0;
    }
    if (added.length === 0) return;
    this.#grow(this.#length + added.length);
    const ids = this.#ids;
    let read = this.#length - 1;
    let a = added.length - 1;
    for (let write = this.#length + added.length - 1; a >= 0; write--) {
      if (read >= 0 && (ids[read] as number) > (added[a] as number)) ids[write] = ids[read--] as number;
      else ids[write] = added[a--] as number;
    }
    this.#length += added.length;
    added.length = 0;
  }
}

/** The index of `id` among the first `length` sorted ids, or where it would go (as ~index). */
function find(ids: ArrayLike<number>, id: number, length: number): number {
  let low = 0;
  let high = length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid] as number;
    if (at === id) return mid;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return ~low;
}

/** Sorted, distinct ids: what a search's candidates are. */
export type Ids = ArrayLike<number>;

/**
 * The ids in any of the lists, sorted and distinct: a copy (the lists may be views of sets a later
 * write changes), gathered into one typed array and sorted natively — a hundred thousand ids in a few
 * milliseconds, where pushing them into an array and sorting it with a comparator took tens.
 */
export function unionIds(lists: readonly Ids[]): Int32Array {
  let total = 0;
  for (const list of lists) total += list.length;
  const all = new Int32Array(total);
  let at = 0;
  for (const list of lists) {
    if (list instanceof Int32Array) all.set(list, at);
    else for (let i = 0; i < list.length; i++) all[at + i] = list[i] as number;
    at += list.length;
  }
  if (lists.length === 1) return all;
  all.sort();
  let distinct = 0;
  for (let i = 0; i < total; i++) {
    const id = all[i] as number;
    if (distinct === 0 || all[distinct - 1] !== id) all[distinct++] = id;
  }
  return all.subarray(0, distinct);
}

/** The ids in every list, the shortest walked (plain index loops: this runs once per candidate). */
export function intersectIds(lists: readonly Ids[]): Ids {
  // One list is its own intersection: copied whole (a view may change with a later write), not walked.
  if (lists.length === 1) return unionIds(lists);
  const sorted = lists.slice().sort((a, b) => a.length - b.length);
  const first = sorted[0];
  if (first === undefined) return [];
  const found: number[] = [];
  const cursors = new Array<number>(sorted.length).fill(0);
  outer: for (let i = 0; i < first.length; i++) {
    const id = first[i] as number;
    for (let r = 1; r < sorted.length; r++) {
      const list = sorted[r] as Ids;
      const at = lowerBound(list, id, cursors[r] as number);
      cursors[r] = at;
      if (at === list.length) break outer;
      if (list[at] !== id) continue outer;
    }
    found.push(id);
  }
  return found;
}

/** The first index at or after `from` whose id is at least `id` (binary search: cost grows with the shorter list). */
function lowerBound(list: Ids, id: number, from: number): number {
  let low = from;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list[mid] as number) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
