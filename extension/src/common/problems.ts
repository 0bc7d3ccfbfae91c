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
  /** `status` null: the tracker answered 200 with nothing usable (an empty or cut-off body). */
  | { kind: 'server-error'; status: number | null; detail: string }
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
    // The whole message (method, URL with the key redacted, status, code) is for the details view.
    const detail = error.message;
    if (error.code === 306) return { problem: { kind: 'key-invalid', detail } };
    if (error.code === 301) return { problem: { kind: 'account-disabled', detail } };
    if (error.code === 410) return { problem: { kind: 'login-required' } };
    if (error.code === 32614) return { problem: { kind: 'too-old', detail } };
    if (error.code !== undefined && BUG_CODES.has(error.code)) {
      return { rejection: { code: error.code, message: error.bugzillaMessage } };
    }
    if (error.status >= 500 || error.status === 429 || error.status === 408) {
      return { problem: { kind: 'server-error', status: error.status, detail } };
    }
    return { rejection: { code: error.code, message: error.bugzillaMessage } };
  }
  if (error instanceof ResponseShapeError) {
    return { problem: { kind: 'server-error', status: null, detail: error.message } };
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

const STATUS_WORDS: Record<number, string> = {
  408: 'timeout',
  429: 'too many requests',
  500: 'internal error',
  502: 'bad gateway',
  503: 'unavailable',
  504: 'gateway timeout',
};

const KEPT = 'Your visits are kept and will be sent.';

/**
 * One sentence a person can act on: what happened and what the extension
 * does about it. No URL, no error code, no parser's words: those are in
 * `problemDetails`, for a details view the user opens.
 */
export function describeProblem(problem: Problem): string {
  switch (problem.kind) {
    case 'not-configured':
      return 'No API key on this device yet. Open the options to enter it.';
    case 'no-permission':
      return 'The extension is not allowed to reach this tracker yet. Open the options and click Save to allow it.';
    case 'unreachable':
      return `The tracker cannot be reached. ${KEPT}`;
    case 'key-invalid':
      return 'The tracker rejected this API key. Enter a new one in the options.';
    case 'account-disabled':
      return 'The tracker says your account is disabled. Ask its administrators.';
    case 'login-required':
      return 'The tracker did not take the API key as a login. Enter a new one in the options.';
    case 'too-old':
      return "This tracker's Bugzilla version cannot do that.";
    case 'server-error':
      return problem.status === null
        ? `The tracker gave an incomplete answer. ${KEPT}`
        : `The tracker answered ${problem.status} (${STATUS_WORDS[problem.status] ?? 'error'}). ${KEPT}`;
    case 'unexpected':
      return `Something went wrong while talking to the tracker. ${KEPT}`;
  }
}

/** What the tracker or the browser actually said, for the details view (may name URLs and codes). */
export function problemDetails(problem: Problem): string {
  if (problem.kind === 'no-permission') return `No host permission for ${problem.origin}.`;
  return 'detail' in problem ? problem.detail : '';
}
