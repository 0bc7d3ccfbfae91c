import { isUnavailableError } from './errors.js';

/** Runs a batch of inputs as one statement; resolves to one output per input, in the same order. */
export type RunBatch<I, O> = (inputs: readonly I[]) => Promise<readonly O[]>;

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made in one turn of the event loop and runs them as one
 * statement: the requests Node reads from several sockets in one poll phase
 * then cost the database one round trip, not one each (group commit, for
 * writes). A caller waits at most until the next check phase (setImmediate)
 * before its batch goes out, and is answered only when the batch's statement
 * is: for a write, when it has committed.
 *
 * A batch that fails for a reason other than the database being out of reach
 * is run again input by input, so one bad input fails only its own caller;
 * a failed statement changed nothing, so nothing is done twice.
 */
export class TickBatch<I, O> {
  readonly #run: RunBatch<I, O>;
  #waiting: Waiting<I, O>[] = [];

  constructor(run: RunBatch<I, O>) {
    this.#run = run;
  }

  add(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.#waiting.length === 0) setImmediate(() => this.#flush());
      this.#waiting.push({ input, resolve, reject });
    });
  }

  #flush(): void {
    const batch = this.#waiting;
    this.#waiting = [];
    this.#settle(batch).catch((error: unknown) => {
      if (batch.length === 1 || isUnavailableError(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      for (const waiting of batch) this.#settle([waiting]).catch(waiting.reject);
    });
  }

  async #settle(batch: readonly Waiting<I, O>[]): Promise<void> {
    const outputs = await this.#run(batch.map((waiting) => waiting.input));
    batch.forEach((waiting, index) => {
      waiting.resolve(outputs[index] as O);
    });
  }
}
