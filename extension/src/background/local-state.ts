import type { AuthMode, ClockSkew } from '@bz-companion/shared';
import type { BugRejection, Problem } from '../common/problems.js';

/** A visit not yet delivered: the bug as the page named it, and when it was seen. */
export interface QueuedVisit {
  bug: string;
  seenAt: number;
}

export interface FailedVisit extends BugRejection {
  bug: string;
  at: number;
}

/** What the background keeps in storage.local (it survives the service worker stopping). */
export interface DeliveryState {
  /** The tracker this state belongs to; a different one starts afresh (its bugs are not this one's). */
  trackerUrl: string | null;
  queue: QueuedVisit[];
  /** The most recent permanent failures, newest first. */
  failures: FailedVisit[];
  lastDelivered: { at: number; bugs: string[] } | null;
  /** The last problem seen while talking to the tracker; null once a request succeeds. */
  problem: Problem | null;
  clock: (ClockSkew & { at: number }) | null;
  /** How the key is sent, per tracker URL, once detected. */
  authModes: Record<string, AuthMode>;
}

export const DELIVERY_STATE_KEY = 'delivery';
export const MAX_QUEUE = 500;
export const MAX_FAILURES = 20;

export const EMPTY_DELIVERY_STATE: DeliveryState = {
  trackerUrl: null,
  queue: [],
  failures: [],
  lastDelivered: null,
  problem: null,
  clock: null,
  authModes: {},
};
