import type { RefreshTrouble } from '../common/news-state.js';
import { localTimeOfDay } from '../common/relative-time.js';

/** Whether the user can fix the trouble in the options (a key, a permission), so a Fix button goes with it. */
export const fixedInOptions = (trouble: RefreshTrouble) =>
  ['not-configured', 'no-permission', 'key-invalid', 'login-required', 'account-disabled'].includes(
    trouble.problem.kind,
  );

/** What a tracker's refreshes meet, in a few words: "unreachable since 19:01", "key rejected", "answers 503 since 19:01". */
export function troubleState(trouble: RefreshTrouble): string {
  const since = localTimeOfDay(trouble.since);
  switch (trouble.problem.kind) {
    case 'unreachable':
      return `unreachable since ${since}`;
    case 'key-invalid':
    case 'login-required':
      return 'key rejected';
    case 'account-disabled':
      return 'account disabled';
    case 'no-permission':
      return 'not allowed to reach it yet';
    case 'not-configured':
      return 'no API key on this device';
    case 'server-error':
      return trouble.problem.status === null
        ? `incomplete answers since ${since}`
        : `answers ${trouble.problem.status} since ${since}`;
    default:
      return `looking for changes fails since ${since}`;
  }
}

/**
 * Why a tracker's rows may be stale, said beside them: "Prod unreachable since 19:01 — its rows
 * may be stale", "BMO: key rejected — its rows may be stale". From what its refreshes met.
 */
export function troubleWords(label: string, trouble: RefreshTrouble): string {
  const kind = trouble.problem.kind;
  const joined = kind === 'unreachable' || kind === 'server-error' ? `${label} ` : `${label}: `;
  return `${joined}${troubleState(trouble)}${kind === 'not-configured' ? '' : ' — its rows may be stale'}`;
}
