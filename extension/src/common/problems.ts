import { BugzillaApiError, NetworkError, ResponseShapeError } from '@bz-companion/shared';

/** What can be wrong with the tracker, as data the popup and badge render (never a raw exception). */
export type Problem =
  | { kind: 'not-configured' }
  | { kind: 'no-permission'; origin: string }
  | { kind: 'unreachable'; detail: string }
  | { kind: 'key-invalid'; detail: string }
  | { kind: 'account-disabled'; detail: string }
  | { kind: 'login-required' }
  | { kind: 'too-old'; detail: string }
  | { kind: 'server-error'; detail: string }
  | { kind: 'unexpected'; detail: string };

/** A failure that is about one bug (no such bug, no access): retrying it cannot help. */
export interface BugRejection {
  code: number | undefined;
  message: string;
}

/** Either the tracker or the key has a problem (keep the visits), or one bug was rejected (drop it). */
export type Classification = { problem: Problem } | { rejection: BugRejection };

/**
 * An alias the tracker cannot turn into its number (no Bug.get there), on a
 * tracker whose last-visit path takes numbers only: that visit can never be
 * recorded there, so it is dropped like a rejected bug rather than holding
 * up the queue behind it.
 */
export class AliasNotResolvable extends Error {
  override readonly name = 'AliasNotResolvable';
}

/** Bugzilla codes that reject one bug, not the caller: 100 invalid/unknown, 102 no access, 1300 not involved. */
const BUG_CODES = new Set([100, 101, 102, 1300]);

/**
 * Classifies a client error: a problem with the tracker or the key (keep the
 * visits, tell the user), or a rejection of one bug (drop it and record why).
 * An empty or non-JSON HTTP 200 (5.2 on PostgreSQL under concurrent
 * requests) is a server error: the visit is kept and retried.
 */
export function classify(error: unknown): Classification {
  if (error instanceof AliasNotResolvable) return { rejection: { code: undefined, message: error.message } };
  if (error instanceof NetworkError) {
    return { problem: { kind: 'unreachable', detail: error.message } };
  }
  if (error instanceof BugzillaApiError) {
    const detail = error.bugzillaMessage;
    if (error.code === 306) return { problem: { kind: 'key-invalid', detail } };
    if (error.code === 301) return { problem: { kind: 'account-disabled', detail } };
    if (error.code === 410) return { problem: { kind: 'login-required' } };
    if (error.code === 32614) return { problem: { kind: 'too-old', detail } };
    if (error.code !== undefined && BUG_CODES.has(error.code)) {
      return { rejection: { code: error.code, message: detail } };
    }
    if (error.status >= 500 || error.status === 429 || error.status === 408) {
      return { problem: { kind: 'server-error', detail: `HTTP ${error.status}: ${detail}` } };
    }
    return { rejection: { code: error.code, message: detail } };
  }
  if (error instanceof ResponseShapeError) {
    return { problem: { kind: 'server-error', detail: error.message } };
  }
  return { problem: { kind: 'unexpected', detail: String(error) } };
}

/** The problem an error shows the user, a rejected bug included (as something unexpected). */
export function asProblem(error: unknown): Problem {
  const classification = classify(error);
  return 'problem' in classification
    ? classification.problem
    : { kind: 'unexpected', detail: classification.rejection.message };
}

/** A failure worth one more try at once: the tracker answered 200 with nothing usable. */
export function isGarbledAnswer(error: unknown): boolean {
  return error instanceof ResponseShapeError;
}

/** One sentence a person can act on. */
export function describeProblem(problem: Problem): string {
  switch (problem.kind) {
    case 'not-configured':
      return 'No tracker is set up yet. Open the options to enter its URL and your API key.';
    case 'no-permission':
      return `The extension may not talk to ${problem.origin}. Open the options and click Save to allow it.`;
    case 'unreachable':
      return 'The tracker cannot be reached. Visits are kept and sent when it is back.';
    case 'key-invalid':
      return `The tracker rejected the API key: ${problem.detail}`;
    case 'account-disabled':
      return `The tracker account is disabled: ${problem.detail}`;
    case 'login-required':
      return 'The tracker requires you to log in: enter an API key in the options.';
    case 'too-old':
      return `This tracker does not support that yet (Bugzilla 5.0/5.2 lack it): ${problem.detail}`;
    case 'server-error':
      return `The tracker had an error: ${problem.detail}`;
    case 'unexpected':
      return `Something unexpected went wrong: ${problem.detail}`;
  }
}
