import type { BugzillaClient } from '@bz-companion/shared';
import { isBmo } from '../common/bmo.js';
import type { Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import type { TrackerStorage } from '../storage/storage.js';
import { connect } from '../tracker/connect.js';

export interface TrackerAccess {
  client: BugzillaClient;
  /** Whose key it is, to leave out the user's own changes; null where the tracker cannot say (5.0/5.2). */
  me: string | null;
  /** bugzilla.mozilla.org and its forks mark new comments themselves: no banner there. */
  marksNewCommentsItself: boolean;
}

/**
 * A client for reading what changed, with who the user is, learnt once per
 * worker and tracker configuration. It reads the delivery's state (how the
 * key is sent) without writing it: only the delivery changes that state.
 */
export class TrackerAccessCache {
  readonly #platform: Platform;
  readonly #storage: TrackerStorage;
  readonly #known = new Map<string, Promise<Omit<TrackerAccess, 'client'>>>();

  constructor(platform: Platform, storage: TrackerStorage) {
    this.#platform = platform;
    this.#storage = storage;
  }

  async access(tracker: Tracker): Promise<TrackerAccess | null> {
    const state = await this.#storage.readDelivery(tracker.id);
    const client = await connect(this.#platform, state, tracker);
    if (!client) return null;
    const key = `${tracker.id} ${tracker.url} ${tracker.apiKey} ${client.authMode}`;
    let known = this.#known.get(key);
    if (!known) {
      known = this.#learn(tracker, client);
      this.#known.set(key, known);
      known.catch(() => this.#known.delete(key));
    }
    return { client, ...(await known) };
  }

  async #learn(tracker: Tracker, client: BugzillaClient) {
    const [me, version] = await Promise.all([
      client.whoami().then(
        (answer): string | null => answer.login ?? answer.name,
        () => null,
      ),
      client.version().then(
        (answer) => answer.version,
        () => null,
      ),
    ]);
    return { me, marksNewCommentsItself: isBmo(tracker.url, version) };
  }
}
