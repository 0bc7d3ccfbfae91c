import type { RecordedRequest } from '@bz-companion/shared';
import { redactJson } from '@bz-companion/shared';
import { NumberedJournal } from '../http/numbered-journal.js';

export const JOURNAL_CAPACITY = 10_000;
const BODY_LIMIT_BYTES = 4096;

/** What the server was sent: each request recorded on arrival and completed when answered. */
export class RequestJournal extends NumberedJournal<RecordedRequest> {
  constructor() {
    super(JOURNAL_CAPACITY);
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
