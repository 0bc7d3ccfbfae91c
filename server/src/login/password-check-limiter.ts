/**
 * At most `concurrent` password checks at once, and at most `queued` waiting. scrypt runs on
 * libuv's thread pool (4 threads), the same pool that runs the file store's fdatasync: 200
 * concurrent logins once held a durable visit POST for 14.6 s. With one check at a time, three
 * threads stay free for the disk; with a bounded queue, a flood of logins cannot make a later
 * one wait behind it (300 unknown-login GETs once held the admin's own login 19.2 s).
 */
export class PasswordCheckLimiter {
  readonly #concurrent: number;
  readonly #queued: number;
  #busy = 0;
  #started = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(concurrent: number, queued: number) {
    this.#concurrent = concurrent;
    this.#queued = queued;
  }

  /** Runs `check` when a slot is free, in arrival order; undefined at once when the queue is full. */
  async run<T>(check: () => Promise<T>): Promise<T | undefined> {
    if (this.#busy >= this.#concurrent) {
      if (this.#waiting.length >= this.#queued) return undefined;
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#busy++;
    }
    this.#started++;
    try {
      return await check();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next caller, or is freed.
      if (next) next();
      else this.#busy--;
    }
  }

  /** Checks started since the process began (tests count the checks a burst causes). */
  get started(): number {
    return this.#started;
  }
}

/** Password checks one at a time in this process, sixteen waiting at most (about a second of scrypt). */
export const passwordChecks = new PasswordCheckLimiter(1, 16);
