import type { RecordedRequest } from '@bz-companion/shared';
import { redactJson } from '@bz-companion/shared';

export const JOURNAL_CAPACITY = 10_000;
export const BODY_LIMIT_BYTES = 4096;

/**
 * What the server was sent, oldest first: the latest 10,000 requests, each
 * recorded on arrival and completed when answered. `n` counts up for the
 * server's life, through clears and resets.
 */
export class RequestJournal {
  #entries: RecordedRequest[] = [];
  #next = 1;

  /** Records a request as it arrives; the caller completes the returned entry. */
  open(entry: Omit<RecordedRequest, 'n'>): RecordedRequest {
    const recorded = { n: this.#next++, ...entry };
    this.#entries.push(recorded);
    if (this.#entries.length > JOURNAL_CAPACITY) this.#entries.shift();
    return recorded;
  }

  /** Copies of the entries after `since` (all when 0), oldest first. */
  list(since = 0): RecordedRequest[] {
    const from = this.#entries.findIndex((entry) => entry.n > since);
    return from < 0 ? [] : structuredClone(this.#entries.slice(from));
  }

  /** Empties the journal; resolves to how many entries went. */
  clear(): number {
    const count = this.#entries.length;
    this.#entries = [];
    return count;
  }
}

/** The body as the journal keeps it: secrets redacted, and cut (saying so) past 4 KiB of JSON. */
export function journalBody(body: unknown): Pick<RecordedRequest, 'body' | 'body_truncated'> {
  if (body === null || body === undefined) return { body: null, body_truncated: false };
  const redacted = redactJson(body);
  const json = JSON.stringify(redacted);
  if (Buffer.byteLength(json) <= BODY_LIMIT_BYTES) return { body: redacted, body_truncated: false };
  const cut = Buffer.from(json)
    .subarray(0, BODY_LIMIT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { body: `${cut}… (cut at 4 KiB of ${Buffer.byteLength(json)} bytes)`, body_truncated: true };
}
