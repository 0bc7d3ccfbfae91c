import { isGarbledAnswer } from '../common/problems.js';

/** The pauses before each new try of an answer that came back empty or cut off (two more tries). */
export const GARBLED_RETRY_DELAYS_MS: readonly number[] = [250, 1000];

/**
 * Runs `attempt`, and runs it again after each pause in `delaysMs` while the
 * tracker answers 200 with nothing usable: Bugzilla 5.0/5.2 on PostgreSQL do
 * that to one of two requests carrying the same key at the same moment
 * ("could not serialize access" on the key's `last_used`). Anything else is
 * thrown at once; the last garbled answer is thrown when the pauses run out.
 */
export async function retryGarbled<T>(
  attempt: () => Promise<T>,
  delaysMs: readonly number[] = GARBLED_RETRY_DELAYS_MS,
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delaysMs[tried];
      if (delay === undefined || !isGarbledAnswer(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
