import type { AuthMode, ClockSkew } from '@bz-companion/shared';
import type { BugRejection, Problem } from './problems.js';

/** A visit not yet delivered: the bug as the page named it (a number or an alias), and when it was seen. */
export interface QueuedVisit {
  bug: string;
  seenAt: number;
}

export interface FailedVisit extends BugRejection {
  bug: string;
  at: number;
}

/** What the background keeps per tracker in storage.local (it survives the service worker stopping). */
export interface DeliveryState {
  /** The URL this state belongs to; after the tracker's URL is edited it starts afresh (its bugs are not the new one's). */
  trackerUrl: string | null;
  /** A fingerprint of URL, auth preference and key: when it changes, what was learnt about the tracker is forgotten. */
  configuredAs: string | null;
  queue: QueuedVisit[];
  /** The most recent permanent failures, newest first. */
  failures: FailedVisit[];
  lastDelivered: { at: number; bugs: string[] } | null;
  /** The last problem seen while talking to the tracker; null once a request succeeds. */
  problem: Problem | null;
  /** With a problem and visits waiting: when they are tried again at the latest (the minute's alarm). */
  nextTryAt: number | null;
  clock: (ClockSkew & { at: number }) | null;
  /** How the key is sent, once detected. */
  authMode: AuthMode | null;
  /** Bugzilla 5.0/5.2 have no `POST /rest/bug_user_last_visit {ids}`: deliver one bug at a time. */
  batchRouteMissing: boolean;
  /** Bugzilla 5.0/5.2 take only numbers in `/rest/bug_user_last_visit/{id}`: aliases are resolved first. */
  pathTakesNumbersOnly: boolean;
  /** Aliases resolved to bug numbers (they do not change once set, so they are kept). */
  aliasIds: Record<string, number>;
  /**
   * Visits the tracker refused because the user is not involved in the bug
   * (Bugzilla 5.x, code 1300): kept in this browser's record, counted as
   * recorded, never as failures. Absent in states of older versions.
   */
  keptInBrowser?: { count: number; lastAt: number; lastBug: string };
}

export const MAX_QUEUE = 500;
export const MAX_FAILURES = 20;

export const EMPTY_DELIVERY_STATE: DeliveryState = {
  trackerUrl: null,
  configuredAs: null,
  queue: [],
  failures: [],
  lastDelivered: null,
  problem: null,
  nextTryAt: null,
  clock: null,
  authMode: null,
  batchRouteMissing: false,
  pathTakesNumbersOnly: false,
  aliasIds: {},
};

/** A bug as the popup names it: `myalias (bug 2)` once an alias was resolved. */
export function bugLabel(state: DeliveryState, bug: string): string {
  const id = state.aliasIds[bug];
  return id === undefined ? bug : `${bug} (bug ${id})`;
}
