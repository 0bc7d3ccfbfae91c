import { type BugzillaClient, computeClockSkew } from '@bz-companion/shared';
import { clockNow } from '../common/clock.js';
import { type DeliveryState, EMPTY_DELIVERY_STATE } from '../common/delivery-state.js';
import { inboxRows } from '../common/inbox-rows.js';
import { classify } from '../common/problems.js';
import type { Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { NewsStorage } from '../storage/news-storage.js';
import { TrackerStorage } from '../storage/storage.js';
import { trackerInboxes } from '../storage/tracker-inboxes.js';
import { connect } from '../tracker/connect.js';
import { GARBLED_RETRY_DELAYS_MS, retryGarbled } from '../tracker/retry-garbled.js';
import { badgeFor } from './badge.js';
import { isMissingRoute, sendVisit } from './deliver-one.js';
import { enqueue, fingerprint, markDelivered, markFailed } from './queue.js';

const CLOCK_CHECK_EVERY_MS = 10 * 60 * 1000;
/** The period of the alarm that delivers queued visits (background/index.ts schedules it every minute). */
const RETRY_EVERY_MS = 60 * 1000;

type Operation = (state: DeliveryState, tracker: Tracker, save: () => Promise<void>) => Promise<void>;

/**
 * Sends visits to their trackers. A visit is first written to its tracker's
 * queue in storage.local, then sent: so a service worker stopped at any
 * moment loses nothing, and the next start delivers it. One visit goes out
 * as `POST /rest/bug_user_last_visit/{id}`, several as one
 * `POST /rest/bug_user_last_visit {ids}` where the tracker has that route
 * (Bugzilla 5.0/5.2 do not: there each goes on its own). A bug the tracker
 * rejects (no such bug, no access) is dropped and recorded. Each tracker has
 * its own chain of operations: concurrent page loads never lose each other's
 * writes, and one tracker's outage never waits on another's.
 */
export class Delivery {
  readonly #platform: Platform;
  readonly #storage: TrackerStorage;
  readonly #news: NewsStorage;
  readonly #now: () => number;
  readonly #chains = new Map<string, Promise<unknown>>();
  #badgeChain: Promise<unknown> = Promise.resolve();

  readonly #retryDelaysMs: readonly number[];

  constructor(platform: Platform, now: () => number = clockNow, retryDelaysMs = GARBLED_RETRY_DELAYS_MS) {
    this.#platform = platform;
    this.#retryDelaysMs = retryDelaysMs;
    this.#storage = new TrackerStorage(platform);
    this.#news = new NewsStorage(platform);
    this.#now = now;
  }

  /**
   * Queues a visit (stored, so it is never lost) without sending it yet: the
   * bug page's banner first reads the previous visit, then `flush` sends it.
   */
  queueVisit(trackerId: string, bug: string): Promise<DeliveryState> {
    // The badge waits for the attempt to send, as when a visit is queued and sent in one go.
    const badge = false;
    return this.#serialized(
      trackerId,
      async (state, tracker) => {
        if (!tracker.recordVisits) return;
        if (tracker.apiKey === '') {
          state.problem = { kind: 'not-configured' };
          return;
        }
        enqueue(state, bug, this.#now());
      },
      badge,
    );
  }

  /**
   * Several bugs seen at once ("Mark all as seen"): queued, then sent as the
   * queue always is, in one request where the tracker has the batch route
   * and one by one where it has not.
   */
  recordVisits(trackerId: string, bugs: readonly string[]): Promise<DeliveryState> {
    return this.#serialized(trackerId, async (state, tracker, save) => {
      if (!tracker.recordVisits) return;
      if (tracker.apiKey === '') {
        state.problem = { kind: 'not-configured' };
        return;
      }
      for (const bug of bugs) enqueue(state, bug, this.#now());
      await save();
      await this.#deliver(state, tracker, save);
    });
  }

  /** Delivers what is queued for one tracker (alarm, start-up, Retry now). */
  flush(trackerId: string): Promise<DeliveryState> {
    return this.#serialized(trackerId, (state, tracker, save) => this.#deliver(state, tracker, save));
  }

  /** Delivers every tracker's queue, each on its own. */
  async flushAll(): Promise<void> {
    await this.#storage.forgetRemovedTrackers();
    const trackers = await this.#storage.trackerSettings();
    await Promise.all(trackers.map((tracker) => this.flush(tracker.id)));
  }

  /** The current state of one tracker, as the popup shows it. */
  state(trackerId: string): Promise<DeliveryState> {
    return this.#serialized(trackerId, async () => {});
  }

  #serialized(trackerId: string, operation: Operation, updateBadge = true): Promise<DeliveryState> {
    const run = async () => {
      const tracker = (await this.#storage.trackers()).find((t) => t.id === trackerId);
      // A removed tracker has no state to keep: never write one back.
      if (!tracker) return structuredClone(EMPTY_DELIVERY_STATE);
      let state = await this.#storage.readDelivery(trackerId);
      if (state.trackerUrl !== tracker.url) {
        // The URL was edited: visits queued for the old one name its bugs, not this one's. Never send them here.
        state = { ...structuredClone(EMPTY_DELIVERY_STATE), trackerUrl: tracker.url };
      }
      if (state.configuredAs !== fingerprint(tracker)) {
        state = { ...state, configuredAs: fingerprint(tracker), authMode: null, problem: null };
      }
      const save = () => this.#storage.writeDelivery(trackerId, state);
      try {
        await operation(state, tracker, save);
      } finally {
        state.nextTryAt = state.problem && state.queue.length > 0 ? this.#now() + RETRY_EVERY_MS : null;
        await save();
        if (updateBadge) await this.#updateBadge();
      }
      return state;
    };
    const previous = this.#chains.get(trackerId) ?? Promise.resolve();
    const result = previous.then(run, run);
    this.#chains.set(
      trackerId,
      result.catch(() => {}),
    );
    return result;
  }

  /** Shows the badge again from what is stored (after the news of recent visits changed). */
  refreshBadge(): Promise<void> {
    return this.#updateBadge();
  }

  /** The badge sums every tracker: its own chain, reading what is stored. */
  #updateBadge(): Promise<void> {
    const update = async () => {
      const settings = await this.#news.settings();
      const inboxes = await trackerInboxes(this.#platform);
      const waiting = settings.badge ? inboxRows(inboxes, this.#now()) : [];
      const trackers = await this.#storage.trackerSettings();
      const states = await Promise.all(
        trackers.map(async (t) => ({
          tracker: t,
          state: await this.#storage.readDelivery(t.id),
          changed: waiting.filter((row) => row.trackerId === t.id).length,
          refresh: inboxes.find((inbox) => inbox.id === t.id)?.snapshot?.trouble?.problem ?? null,
        })),
      );
      await this.#platform.setBadge(badgeFor(states));
    };
    const result = this.#badgeChain.then(update, update);
    this.#badgeChain = result.catch(() => {});
    return result;
  }

  async #deliver(state: DeliveryState, tracker: Tracker, save: () => Promise<void>): Promise<void> {
    const client = await connect(this.#platform, state, tracker);
    if (!client) return;
    await this.#deliverQueue(state, client, save);
    await this.#maybeCheckClock(state, client);
  }

  async #deliverQueue(state: DeliveryState, client: BugzillaClient, save: () => Promise<void>): Promise<void> {
    if (state.queue.length === 0) return;
    if (state.queue.length > 1 && !state.batchRouteMissing) {
      const bugs = state.queue.map((visit) => visit.bug);
      try {
        await retryGarbled(() => client.lastVisit.update(bugs), this.#retryDelaysMs);
        markDelivered(state, bugs, this.#now());
        return;
      } catch (error) {
        if (isMissingRoute(error)) {
          // Bugzilla 5.0/5.2: no batch route. Remember it, and send each bug on its own below.
          state.batchRouteMissing = true;
        } else {
          const classification = classify(error);
          if ('problem' in classification) {
            state.problem = classification.problem;
            return;
          }
          // The batch is all-or-nothing and one bug was rejected: send them one by one to find it.
        }
      }
    }
    for (const { bug } of [...state.queue]) {
      try {
        await retryGarbled(() => sendVisit(state, client, bug), this.#retryDelaysMs);
        markDelivered(state, [bug], this.#now());
        await save();
      } catch (error) {
        if (markFailed(state, bug, error, this.#now()) === 'stop') return;
      }
    }
  }

  async #maybeCheckClock(state: DeliveryState, client: BugzillaClient): Promise<void> {
    if (state.problem || (state.clock && this.#now() - state.clock.at < CLOCK_CHECK_EVERY_MS)) return;
    try {
      const sentAt = this.#now();
      const time = await client.time();
      const skew = computeClockSkew({ sentAt, receivedAt: this.#now(), dbTime: time.db_time, webTime: time.web_time });
      state.clock = { ...skew, at: this.#now() };
    } catch {
      // Clock health is a nicety; a failure here must not mark delivery as failing.
    }
  }
}
