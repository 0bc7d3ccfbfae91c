import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseUnavailableError, isRetryableTransactionError, isUnavailableError } from './errors.js';

/** Serialization failures and deadlocks are retried this many times before the error surfaces. */
export const MAX_TRANSACTION_ATTEMPTS = 8;

export interface RetryOptions {
  /**
   * The operation gives the same result when run twice (a read, a visit upsert
   * with its timestamp fixed): then a connection lost mid-way is retried once on a
   * fresh connection, which is what makes a restarted database invisible to clients.
   */
  idempotent: boolean;
}

/**
 * Runs `operation`, retrying what PostgreSQL asks us to retry (bounded, with
 * jittered backoff), and turns "the database is gone" into DatabaseUnavailableError.
 */
export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  let reconnected = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (isRetryableTransactionError(error) && attempt < MAX_TRANSACTION_ATTEMPTS) {
        await sleep(Math.random() * 2 ** Math.min(attempt, 6));
        continue;
      }
      if (isUnavailableError(error)) {
        if (options.idempotent && !reconnected && !(error instanceof DatabaseUnavailableError)) {
          reconnected = true;
          continue;
        }
        throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
      }
      throw error;
    }
  }
}
