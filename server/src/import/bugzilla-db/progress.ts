/** A progress line at most this often while a table is read. */
const EVERY_MS = 5000;

/**
 * A table's progress as its batches go by: a line every few seconds (rows so far of the table's,
 * the rate, the time left at that rate), and one when it is done (rows, time, rate).
 */
export class TableProgress {
  readonly #what: string;
  readonly #total: number;
  readonly #print: ((line: string) => void) | undefined;
  readonly #started = Date.now();
  #lastLine = Date.now();
  #rows = 0;

  constructor(what: string, total: number, print: ((line: string) => void) | undefined) {
    this.#what = what;
    this.#total = total;
    this.#print = print;
  }

  add(rows: number): void {
    this.#rows += rows;
    const now = Date.now();
    if (now - this.#lastLine < EVERY_MS) return;
    this.#lastLine = now;
    const rate = this.#rows / ((now - this.#started) / 1000);
    const left = Math.max(0, this.#total - this.#rows) / Math.max(rate, 1);
    this.#print?.(
      `${this.#what}: ${this.#rows} of ${this.#total} (${Math.round(rate)}/s, about ${Math.ceil(left)} s left)`,
    );
  }

  done(): void {
    const seconds = (Date.now() - this.#started) / 1000;
    const rate = seconds > 0 ? Math.round(this.#rows / seconds) : this.#rows;
    this.#print?.(`read ${this.#rows} ${this.#what} (${seconds.toFixed(1)} s, ${rate}/s)`);
  }
}
