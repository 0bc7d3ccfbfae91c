/**
 * At most `size` password hashes at once. scrypt runs on libuv's thread pool (4 threads), the
 * same pool that runs the file store's fdatasync: 200 concurrent logins once held a durable
 * visit POST for 14.6 s. With one hash at a time, three threads stay free for the disk.
 */
export class HashSlots {
  readonly #size: number;
  #busy = 0;
  #started = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#size = size;
  }

  /** Runs `work` when a slot is free; slots are handed out in arrival order. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy >= this.#size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy++;
    this.#started++;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next caller, or is freed.
      if (next) next();
      else this.#busy--;
    }
  }

  /** Hashes running now. */
  get busy(): number {
    return this.#busy;
  }

  /** Hashes started since the process began (tests count the password checks a burst causes). */
  get started(): number {
    return this.#started;
  }
}
