/**
 * A set of bug ids kept sorted in a typed array: small (4 bytes an id), in id order for free, and
 * cheap to add to at the end, where new bugs' ids go.
 */
export class IdSet {
  #ids: Int32Array;
  #size = 0;

  constructor(capacity = 4) {
    this.#ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** The index of `id`, or where it would go (as ~index). */
  #find(id: number): number {
    let low = 0;
    let high = this.#size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.#ids[mid] as number;
      if (at === id) return mid;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return ~low;
  }

  clear(): void {
    this.#size = 0;
  }

  has(id: number): boolean {
    return this.#find(id) >= 0;
  }

  add(id: number): void {
    if (this.#size > 0 && (this.#ids[this.#size - 1] as number) < id) {
      this.#grow();
      this.#ids[this.#size++] = id;
      return;
    }
    const at = this.#find(id);
    if (at >= 0) return;
    const index = ~at;
    this.#grow();
    this.#ids.copyWithin(index + 1, index, this.#size);
    this.#ids[index] = id;
    this.#size++;
  }

  delete(id: number): void {
    const at = this.#find(id);
    if (at < 0) return;
    this.#ids.copyWithin(at, at + 1, this.#size);
    this.#size--;
  }

  #grow(): void {
    if (this.#size < this.#ids.length) return;
    const bigger = new Int32Array(Math.max(4, this.#ids.length * 2));
    bigger.set(this.#ids);
    this.#ids = bigger;
  }

  /** The ids in order (a view: valid until the set changes). */
  ids(): Int32Array {
    return this.#ids.subarray(0, this.#size);
  }

  /** The ids from the first that is at least `from`. */
  idsFrom(from: number): Int32Array {
    const at = this.#find(from);
    return this.#ids.subarray(at >= 0 ? at : ~at, this.#size);
  }
}

/** Sorted, distinct ids: what a search's candidates are. */
export type Ids = ArrayLike<number>;

/** The ids in any of the lists, sorted and distinct. */
export function unionIds(lists: readonly Ids[]): number[] {
  if (lists.length === 1) return Array.from(lists[0] as Ids);
  const all: number[] = [];
  for (const list of lists) for (let i = 0; i < list.length; i++) all.push(list[i] as number);
  all.sort((a, b) => a - b);
  const distinct: number[] = [];
  for (const id of all) if (distinct[distinct.length - 1] !== id) distinct.push(id);
  return distinct;
}

/** The ids in every list, the shortest walked. */
export function intersectIds(lists: readonly Ids[]): number[] {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const [first, ...rest] = sorted;
  if (first === undefined) return [];
  const found: number[] = [];
  const cursors = rest.map(() => 0);
  outer: for (let i = 0; i < first.length; i++) {
    const id = first[i] as number;
    for (const [r, list] of rest.entries()) {
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
