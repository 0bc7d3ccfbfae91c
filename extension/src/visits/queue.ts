import { type DeliveryState, MAX_FAILURES, MAX_QUEUE } from '../common/delivery-state.js';
import { classify } from '../common/problems.js';
import type { Tracker } from '../common/trackers.js';

/**
 * Bugzilla's "you are not involved with bug N" (BugUserLastVisit.pm's user_not_involved), upstream 5.x on any
 * bug you are not named on: code 1300 where the error is mapped, 32000 with this message on 5.2's REST.
 */
const isNotInvolved = (rejection: { code: number | undefined; message: string }) =>
  rejection.code === 1300 || (rejection.code === 32000 && /not involved with Bug/i.test(rejection.message));

/** What one tracker's state records as visits come and go: pure changes, the caller stores them. */

export function enqueue(state: DeliveryState, bug: string, now: number): void {
  if (state.queue.some((visit) => visit.bug === bug)) return;
  state.queue = [...state.queue, { bug, seenAt: now }].slice(-MAX_QUEUE);
}

export function markDelivered(state: DeliveryState, bugs: string[], now: number): void {
  const sent = new Set(bugs);
  state.queue = state.queue.filter((visit) => !sent.has(visit.bug));
  state.lastDelivered = { at: now, bugs };
  state.problem = null;
}

/**
 * Records a failed send: a problem with the tracker keeps the visit queued
 * and returns 'stop'; a rejection of the bug drops it into the failures.
 */
export function markFailed(state: DeliveryState, bug: string, error: unknown, now: number): 'stop' | 'next' {
  const classification = classify(error);
  if ('problem' in classification) {
    state.problem = classification.problem;
    return 'stop';
  }
  state.queue = state.queue.filter((visit) => visit.bug !== bug);
  if (isNotInvolved(classification.rejection)) {
    // The tracker keeps visits only for bugs the user is involved in; the extension's own record has it.
    state.keptInBrowser = { count: (state.keptInBrowser?.count ?? 0) + 1, lastAt: now, lastBug: bug };
    return 'next';
  }
  state.failures = [{ bug, at: now, ...classification.rejection }, ...state.failures].slice(0, MAX_FAILURES);
  return 'next';
}

/** Changes when the user edits how the tracker is reached; a simple hash, so the key is not copied into the state. */
export function fingerprint(tracker: Tracker): string {
  let hash = 0x811c9dc5;
  for (const char of `${tracker.url} ${tracker.authPreference} ${tracker.apiKey}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return hash.toString(16);
}
