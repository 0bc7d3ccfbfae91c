import type { ManualClock } from './in-process-server.js';
import { sendRaw } from './raw-request.js';
import { type RecordedCase, requestBody } from './recordings.js';

/*
 * Replaying recorded 5.2 requests against a server of ours, in the recorded order: the
 * login tokens 5.2 handed out are swapped for ours in requests, and back in answers.
 */

/** A login's token in an answer: REST's and JSON-RPC's `"token":"2-…"`, XML-RPC's member `token`. */
const TOKEN = /(?:"token":"|<name>token<\/name><value><string>)\d+-([A-Za-z0-9]{10})/;

/** Recorded token secrets -> the ones this server handed out for the same logins. */
export class TokenMap {
  readonly #ours = new Map<string, string>();

  /** A request as the recording sent it, with our secrets in place of the recorded ones. */
  rewrite(text: string): string {
    let result = text;
    for (const [recorded, ours] of this.#ours) result = result.split(recorded).join(ours);
    return result;
  }

  /** Remembers the secret of a login answer and writes the recorded one back into ours. */
  learn(recordedBody: string, ourBody: string): string {
    const recorded = TOKEN.exec(recordedBody)?.[1];
    const ours = TOKEN.exec(ourBody)?.[1];
    if (!recorded || !ours) return ourBody;
    this.#ours.set(recorded, ours);
    return ourBody.split(ours).join(recorded);
  }
}

/**
 * Sends the request as recorded: through node:http, since fetch would add a
 * Content-Type to a body sent without one (5.2 reads such a body as a form),
 * with a body described by a note (65,535 characters) built from it.
 */
export async function sendRecorded(baseUrl: string, recorded: RecordedCase, tokens: TokenMap) {
  const { method, path, headers = {} } = recorded.request;
  const body = requestBody(recorded.request);
  const rewrittenHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, tokens.rewrite(v)]));
  const response = await sendRaw(baseUrl, {
    method,
    path: tokens.rewrite(path),
    headers: rewrittenHeaders,
    ...(body === undefined ? {} : { body: tokens.rewrite(body) }),
  });
  return { status: response.status, text: tokens.learn(recorded.response.body, response.body) };
}

const DAY = 24 * 60 * 60;

/**
 * What the recording did between requests that a request cannot do: 5.2's
 * `lastused` set back 31 days by SQL before #45 and again before #46 (here the
 * clock moves on instead; no later case uses an older token).
 */
const BEFORE: Record<string, (clock: ManualClock) => void> = {
  'login-tokens#45': (clock) => clock.advanceSeconds(31 * DAY),
  'login-tokens#46': (clock) => clock.advanceSeconds(31 * DAY),
};

/** Takes the steps recorded before case `n` of `family` (those of cases not run included), each once. */
export function stepsBefore(
  family: string,
  n: number,
  cases: readonly RecordedCase[],
  clock: ManualClock,
  applied: Set<number>,
): void {
  for (const earlier of cases) {
    const hook = BEFORE[`${family}#${earlier.n}`];
    if (earlier.n <= n && hook && !applied.has(earlier.n)) {
      hook(clock);
      applied.add(earlier.n);
    }
  }
}
