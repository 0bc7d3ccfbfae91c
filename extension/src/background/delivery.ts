import { type AuthMode, type BugzillaClient, computeClockSkew } from '@bz-companion/shared';
import { classify, type Problem } from '../common/problems.js';
import { isLocalTracker, originPattern, type Settings } from '../common/settings.js';
import { checkKey, trackerClient } from '../common/tracker.js';
import type { Platform } from '../platform/platform.js';
import { badgeFor } from './badge.js';
import {
  DELIVERY_STATE_KEY,
  type DeliveryState,
  EMPTY_DELIVERY_STATE,
  MAX_FAILURES,
  MAX_QUEUE,
} from './local-state.js';

const CLOCK_CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * Sends visits to the tracker. A visit goes out at once as
 * `POST /rest/bug_user_last_visit/{id}`; when the tracker is unreachable or
 * failing it is queued in storage.local and delivered with the rest as one
 * `POST /rest/bug_user_last_visit {ids}` as soon as the tracker answers again.
 * A bug the tracker rejects (no such bug, no access) is dropped and recorded.
 * All state changes go through one queue of operations, so concurrent page
 * loads never lose each other's writes.
 */
export class Delivery {
  readonly #platform: Platform;
  readonly #now: () => number;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(platform: Platform, now: () => number = Date.now) {
    this.#platform = platform;
    this.#now = now;
  }

  /** A bug page was opened: send the visit now, or keep it for later. */
  recordVisit(bug: string): Promise<DeliveryState> {
    return this.#serialized(async (state, settings) => {
      if (!(await this.#ready(state, settings))) {
        if (state.problem?.kind !== 'not-configured') this.#enqueue(state, bug);
        return;
      }
      const client = await this.#client(state, settings);
      if (!client) return this.#enqueue(state, bug);
      try {
        await client.lastVisit.update(bug);
        this.#delivered(state, [bug]);
      } catch (error) {
        this.#failed(state, [bug], error, true);
        return;
      }
      await this.#flushWith(state, client);
      await this.#maybeCheckClock(state, client);
    });
  }

  /** Delivers what is queued (alarm, start-up, Retry now). */
  flush(): Promise<DeliveryState> {
    return this.#serialized(async (state, settings) => {
      if (!(await this.#ready(state, settings))) return;
      const client = await this.#client(state, settings);
      if (!client) return;
      await this.#flushWith(state, client);
      await this.#maybeCheckClock(state, client);
    });
  }

  /** The current state, as the popup shows it. */
  state(): Promise<DeliveryState> {
    return this.#serialized(async () => {});
  }

  /** Settings changed: forget the detected key mode and any problem, then try again. */
  settingsChanged(): Promise<DeliveryState> {
    return this.#serialized(async (state) => {
      state.authModes = {};
      state.problem = null;
    }).then(() => this.flush());
  }

  #serialized(operation: (state: DeliveryState, settings: Settings) => Promise<void>): Promise<DeliveryState> {
    const run = async () => {
      const stored = await this.#platform.readLocal<DeliveryState>(DELIVERY_STATE_KEY);
      const settings = await this.#platform.readSettings();
      let state: DeliveryState = { ...structuredClone(EMPTY_DELIVERY_STATE), ...stored };
      if (state.trackerUrl !== settings.trackerUrl) {
        // Visits queued for another tracker name its bugs, not this one's: never send them here.
        state = { ...structuredClone(EMPTY_DELIVERY_STATE), trackerUrl: settings.trackerUrl };
      }
      try {
        await operation(state, settings);
      } finally {
        await this.#platform.writeLocal(DELIVERY_STATE_KEY, state);
        await this.#platform.setBadge(badgeFor(state));
      }
      return state;
    };
    const result = this.#chain.then(run, run);
    this.#chain = result.catch(() => {});
    return result;
  }

  async #ready(state: DeliveryState, settings: Settings): Promise<boolean> {
    if (!settings.trackingEnabled || settings.apiKey === '') {
      state.problem = { kind: 'not-configured' };
      return false;
    }
    if (state.problem?.kind === 'not-configured') state.problem = null;
    if (!isLocalTracker(settings.trackerUrl)) {
      const origin = originPattern(settings.trackerUrl);
      if (!(await this.#platform.hasHostPermission(origin))) {
        state.problem = { kind: 'no-permission', origin };
        return false;
      }
    }
    return true;
  }

  /** A client with the right way of sending the key, detected once per tracker. */
  async #client(state: DeliveryState, settings: Settings): Promise<BugzillaClient | null> {
    let mode: AuthMode | undefined =
      settings.authPreference === 'auto' ? state.authModes[settings.trackerUrl] : settings.authPreference;
    if (!mode) {
      try {
        mode = (await checkKey(settings, this.#platform.fetch)).authMode;
        state.authModes[settings.trackerUrl] = mode;
      } catch (error) {
        const sorted = classify(error);
        state.problem = 'problem' in sorted ? sorted.problem : { kind: 'unexpected', detail: sorted.rejection.message };
        return null;
      }
    }
    return trackerClient(settings, mode, this.#platform.fetch);
  }

  async #flushWith(state: DeliveryState, client: BugzillaClient): Promise<void> {
    if (state.queue.length === 0) return;
    const bugs = state.queue.map((visit) => visit.bug);
    try {
      await client.lastVisit.update(bugs);
      this.#delivered(state, bugs);
      return;
    } catch (error) {
      const sorted = classify(error);
      if ('problem' in sorted) {
        state.problem = sorted.problem;
        return;
      }
    }
    // The batch is all-or-nothing and one bug was rejected: send them one by one to find it.
    for (const bug of bugs) {
      try {
        await client.lastVisit.update(bug);
        this.#delivered(state, [bug]);
      } catch (error) {
        if (this.#failed(state, [bug], error, false) === 'stop') return;
      }
    }
  }

  async #maybeCheckClock(state: DeliveryState, client: BugzillaClient): Promise<void> {
    if (state.clock && this.#now() - state.clock.at < CLOCK_CHECK_EVERY_MS) return;
    try {
      const sentAt = this.#now();
      const time = await client.time();
      const skew = computeClockSkew({ sentAt, receivedAt: this.#now(), dbTime: time.db_time, webTime: time.web_time });
      state.clock = { ...skew, at: this.#now() };
    } catch {
      // Clock health is a nicety; a failure here must not mark delivery as failing.
    }
  }

  #delivered(state: DeliveryState, bugs: string[]): void {
    const sent = new Set(bugs);
    state.queue = state.queue.filter((visit) => !sent.has(visit.bug));
    state.lastDelivered = { at: this.#now(), bugs };
    state.problem = null;
  }

  /** Records a failed send; returns 'stop' when the tracker itself is failing. */
  #failed(state: DeliveryState, bugs: string[], error: unknown, queueIfTransient: boolean): 'stop' | 'next' {
    const sorted = classify(error);
    if ('problem' in sorted) {
      state.problem = sorted.problem;
      if (queueIfTransient) for (const bug of bugs) this.#enqueue(state, bug);
      return 'stop';
    }
    const at = this.#now();
    const dropped = new Set(bugs);
    state.queue = state.queue.filter((visit) => !dropped.has(visit.bug));
    state.failures = [...bugs.map((bug) => ({ bug, at, ...sorted.rejection })), ...state.failures].slice(
      0,
      MAX_FAILURES,
    );
    return 'next';
  }

  #enqueue(state: DeliveryState, bug: string): void {
    if (state.queue.some((visit) => visit.bug === bug)) return;
    state.queue = [...state.queue, { bug, seenAt: this.#now() }].slice(-MAX_QUEUE);
  }
}

export type { Problem };
