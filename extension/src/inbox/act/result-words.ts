import type { Problem } from '../../common/problems.js';
import { localTimeOfDay } from '../../common/relative-time.js';
import type { Outcome } from './act-on-bugs.js';
import { actionWords, type TrackerAction } from './tracker-actions.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why nothing could be sent, in a few words (the tracker's own problems, not the visits' queue). */
function problemWords(problem: Problem): string {
  switch (problem.kind) {
    case 'unreachable':
      return 'the tracker cannot be reached';
    case 'key-invalid':
    case 'login-required':
      return 'the tracker rejected the API key';
    case 'account-disabled':
      return 'the tracker says your account is disabled';
    case 'no-permission':
      return 'the extension may not reach this tracker yet (open the options and Save it)';
    case 'not-configured':
      return 'there is no API key for this tracker on this device';
    case 'server-error':
      return problem.status === null
        ? 'the tracker gave an incomplete answer'
        : `the tracker answered ${problem.status}`;
    default:
      return 'something went wrong while talking to the tracker';
  }
}

/** What one bug's outcome says on its row. */
export function outcomeWords(action: TrackerAction, outcome: Outcome): string {
  switch (outcome.kind) {
    case 'done':
      return `✓ ${actionWords(action)}`;
    case 'collision':
      return `changed on the tracker at ${localTimeOfDay(outcome.changedAt)}, since you looked: nothing sent`;
    case 'refused':
      return `the tracker refused: ${outcome.message}`;
    case 'failed':
      return `nothing sent: ${problemWords(outcome.problem)}`;
  }
}

/**
 * An action's result for the notice: what was done to how many bugs, and each bug it was not done
 * to, and why ("Status RESOLVED FIXED: 2 bugs. Bug 9 changed on the tracker since you looked: nothing sent").
 */
export function resultWords(action: TrackerAction, outcomes: readonly Outcome[]): string {
  const done = outcomes.filter((outcome) => outcome.kind === 'done');
  const words = actionWords(action);
  const parts =
    done.length > 0
      ? [
          `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${done.length === 1 ? `bug ${done[0]?.bug}` : plural(done.length, 'bug', 'bugs')}`,
        ]
      : [];
  for (const outcome of outcomes) {
    if (outcome.kind === 'done') continue;
    const text = outcomeWords(action, outcome);
    parts.push(`Bug ${outcome.bug}: ${text}`);
  }
  return parts.join('. ');
}
