import type { BugzillaClient } from '@bz-companion/shared';
import { isBmo } from '../common/bmo.js';
import type { Problem } from '../common/problems.js';
import type { Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import type { TrackerStorage } from '../storage/storage.js';
import { connect } from '../tracker/connect.js';
import { digest, keptWhoami } from './kept-whoami.js';

export interface TrackerAccess {
  client: BugzillaClient;
  /**
   * Whose key it is, to leave out the user's own changes and find what needs them: the tracker's
   * whoami, else the login given in the options (5.0/5.2 have no whoami); null where neither says.
   */
  me: string | null;
}

/**
 * A client for reading what changed, with who the user is, learnt once per
 * tracker configuration (kept in storage.local across the worker's restarts). It reads the delivery's state (how the
 * key is sent) without writing it: only the delivery changes that state.
 * The tracker's version is asked only by the bug page's banner, which alone
 * needs it: a refresh of what changed does not pay a request for it.
 */
export class TrackerAccessCache {
  readonly #platform: Platform;
  readonly #storage: TrackerStorage;
  readonly #known = new Map<string, Promise<string | null>>();
  readonly #bmo = new Map<string, Promise<boolean>>();

  constructor(platform: Platform, storage: TrackerStorage) {
    this.#platform = platform;
    this.#storage = storage;
  }

  async access(tracker: Tracker): Promise<TrackerAccess | null> {
    const reached = await this.reach(tracker);
    return 'access' in reached ? reached.access : null;
  }

  /** The access, or why the tracker cannot be reached now (no key here, no permission, a key it rejects). */
  async reach(tracker: Tracker): Promise<{ access: TrackerAccess } | { problem: Problem }> {
    const state = await this.#storage.readDelivery(tracker.id);
    const client = await connect(this.#platform, state, tracker);
    if (!client) return { problem: state.problem ?? { kind: 'unexpected', detail: 'no client' } };
    const me = learnOnce(this.#known, `${tracker.id} ${tracker.url} ${tracker.apiKey} ${client.authMode}`, () =>
      keptWhoami(this.#platform, tracker.id, `${tracker.url} ${client.authMode} ${digest(tracker.apiKey)}`, () =>
        client.whoami().then(
          (answer): string | null => answer.login ?? answer.name,
          () => null,
        ),
      ),
    );
    return { access: { client, me: (await me) ?? tracker.login ?? null } };
  }

  /** bugzilla.mozilla.org and its forks mark new comments themselves: no banner there (its host, else its version). */
  marksNewCommentsItself(tracker: Tracker, client: BugzillaClient): Promise<boolean> {
    if (isBmo(tracker.url)) return Promise.resolve(true);
    return learnOnce(this.#bmo, `${tracker.id} ${tracker.url}`, () =>
      client.version().then(
        (answer) => isBmo(tracker.url, answer.version),
        () => false,
      ),
    );
  }
}

/** One answer per key and worker; a failed lookup is asked again next time. */
function learnOnce<T>(known: Map<string, Promise<T>>, key: string, learn: () => Promise<T>): Promise<T> {
  let answer = known.get(key);
  if (!answer) {
    answer = learn();
    known.set(key, answer);
    answer.catch(() => known.delete(key));
  }
  return answer;
}
