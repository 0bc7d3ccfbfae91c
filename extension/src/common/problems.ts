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

export type Classified =
  | { transient: true; problem: Problem }
  | { transient: false; problem: Problem }
  | { transient: false; rejection: BugRejection };

/** Bugzilla codes that reject one bug, not the caller: 100 invalid/unknown, 102 no access, 1300 not involved. */
const BUG_CODES = new Set([100, 101, 102, 1300]);

/**
 * Sorts a client error: transient (deliver later), a problem with the
 * tracker or the key (keep the visits, tell the user), or a rejection of one
 * bug (drop it and record why).
 */
export function classify(error: unknown): Classified {
  if (error instanceof NetworkError) {
    return { transient: true, problem: { kind: 'unreachable', detail: error.message } };
  }
  if (error instanceof BugzillaApiError) {
    const detail = error.bugzillaMessage;
    if (error.code === 306) return { transient: false, problem: { kind: 'key-invalid', detail } };
    if (error.code === 301) return { transient: false, problem: { kind: 'account-disabled', detail } };
    if (error.code === 410) return { transient: false, problem: { kind: 'login-required' } };
    if (error.code === 32614) return { transient: false, problem: { kind: 'too-old', detail } };
    if (error.code !== undefined && BUG_CODES.has(error.code)) {
      return { transient: false, rejection: { code: error.code, message: detail } };
    }
    if (error.status >= 500 || error.status === 429 || error.status === 408) {
      return { transient: true, problem: { kind: 'server-error', detail: `HTTP ${error.status}: ${detail}` } };
    }
    return { transient: false, rejection: { code: error.code, message: detail } };
  }
  if (error instanceof ResponseShapeError) {
    return { transient: true, problem: { kind: 'server-error', detail: error.message } };
  }
  return { transient: true, problem: { kind: 'unexpected', detail: String(error) } };
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
