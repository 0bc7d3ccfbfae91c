import { type BugzillaClient, parseBugzillaTime } from '@bz-companion/shared';
import { classify, type Problem } from '../../common/problems.js';
import type { Tracker } from '../../common/trackers.js';
import type { Platform } from '../../platform/platform.js';
import { TrackerStorage } from '../../storage/storage.js';
import { setAttachmentFlags } from '../../tracker/attachment-flags.js';
import { connect } from '../../tracker/connect.js';
import { retryGarbled } from '../../tracker/retry-garbled.js';
import { readWorkflow, type Workflow } from '../../tracker/workflow.js';
import {
  type KnownBug,
  type TrackerAction,
  type TrackerWrite,
  undoFor,
  whyNoUndo,
  writeFor,
} from './tracker-actions.js';

/** What became of one bug: done (with its new last change, where the tracker says it), not sent, refused, or failed. */
export type Outcome =
  | { kind: 'done'; bug: number; lastChangeAt: number | null }
  /** Changed on the tracker since the inbox read it: nothing was sent, so nothing is overwritten. */
  | { kind: 'collision'; bug: number; changedAt: number }
  /** The tracker said no (no permission, its workflow, its rules), in its own words. */
  | { kind: 'refused'; bug: number; message: string }
  /** The tracker could not be asked (unreachable, the key rejected). */
  | { kind: 'failed'; bug: number; problem: Problem };

export interface ActResult {
  outcomes: Outcome[];
  /** Puts back the bugs the action was done to, where the tracker allows it; null where it does not. */
  undo: (() => Promise<Outcome[]>) | null;
  /** Why there is no undo, in words, when there is none. */
  noUndo: string | null;
}

interface Reached {
  tracker: Tracker;
  client: BugzillaClient;
}

/**
 * The inbox's actions on a tracker, with the key the extension holds: each bug checked first for
 * a change since the inbox read it (Bugzilla's REST takes an update whatever happened meanwhile,
 * so the mid-air check is the extension's), then sent on its own, so each says how it went.
 */
export class TrackerActions {
  readonly #platform: Platform;
  readonly #storage: TrackerStorage;
  readonly #workflows = new Map<string, Promise<Workflow>>();

  constructor(platform: Platform) {
    this.#platform = platform;
    this.#storage = new TrackerStorage(platform);
  }

  async #reach(trackerId: string): Promise<Reached | { problem: Problem }> {
    const tracker = (await this.#storage.trackers()).find((t) => t.id === trackerId);
    if (!tracker) return { problem: { kind: 'unexpected', detail: 'This tracker was removed meanwhile.' } };
    const state = await this.#storage.readDelivery(trackerId);
    const client = await connect(this.#platform, state, tracker);
    return client ? { tracker, client } : { problem: state.problem ?? { kind: 'unexpected', detail: '' } };
  }

  /** The tracker's workflow (the statuses a bug may go to), read once per page. */
  async workflow(trackerId: string): Promise<Workflow | Problem> {
    let known = this.#workflows.get(trackerId);
    if (!known) {
      known = this.#reach(trackerId).then((reached) => {
        if ('problem' in reached) throw reached.problem;
        return readWorkflow(reached.tracker, reached.client.authMode, this.#platform.fetch);
      });
      this.#workflows.set(trackerId, known);
      known.catch(() => this.#workflows.delete(trackerId));
    }
    return known.catch((error: unknown) => (isProblem(error) ? error : failure(error)));
  }

  /** A comment's author and text (the first new one, to quote in a reply), or null when it cannot be read. */
  async comment(trackerId: string, bug: number, count: number): Promise<{ author: string; text: string } | null> {
    const reached = await this.#reach(trackerId);
    if ('problem' in reached) return null;
    const answer = await retryGarbled(() => reached.client.bugs.comments(bug)).catch(() => null);
    const found = Object.values(answer?.bugs ?? {})[0]?.comments.find((comment) => comment.count === count);
    return found?.text === undefined ? null : { author: found.creator ?? '', text: found.text };
  }

  /**
   * Does `action` to each bug of one tracker (`me`: the user's login there). Unless `force`d, a bug
   * changed on the tracker since `lastChangeAt` is not sent to (a collision, shown to the user).
   */
  async act(
    trackerId: string,
    bugs: readonly KnownBug[],
    action: TrackerAction,
    me: string,
    force = false,
  ): Promise<ActResult> {
    const reached = await this.#reach(trackerId);
    if ('problem' in reached) {
      const problem = reached.problem;
      return { outcomes: bugs.map((bug) => ({ kind: 'failed', bug: bug.id, problem })), undo: null, noUndo: null };
    }
    const changed = force ? new Map<number, number>() : await changedSince(reached.client, bugs);
    if ('problem' in changed) {
      const problem = changed.problem as Problem;
      return { outcomes: bugs.map((bug) => ({ kind: 'failed', bug: bug.id, problem })), undo: null, noUndo: null };
    }
    const outcomes: Outcome[] = [];
    for (const bug of bugs) {
      const at = changed.get(bug.id);
      if (at !== undefined) outcomes.push({ kind: 'collision', bug: bug.id, changedAt: at });
      else outcomes.push(await this.#send(reached, bug.id, writeFor(action, me)));
    }
    const done = bugs.filter((bug) => outcomes.some((o) => o.kind === 'done' && o.bug === bug.id));
    const undos = done.map((bug) => [bug.id, undoFor(action, bug, me)] as const);
    const undoable = undos.length > 0 && undos.every(([, write]) => write !== null);
    return {
      outcomes,
      undo: undoable
        ? async () => {
            const back: Outcome[] = [];
            for (const [bug, write] of undos) back.push(await this.#send(reached, bug, write as TrackerWrite));
            return back;
          }
        : null,
      noUndo: whyNoUndo(action),
    };
  }

  async #send({ tracker, client }: Reached, bug: number, write: TrackerWrite): Promise<Outcome> {
    try {
      if (write.to === 'comment') {
        await retryGarbled(() => client.bugs.addComment(bug, { comment: write.text }));
        return { kind: 'done', bug, lastChangeAt: null };
      }
      if (write.to === 'attachment') {
        await setAttachmentFlags(tracker, client.authMode, this.#platform.fetch, write.id, write.changes);
        return { kind: 'done', bug, lastChangeAt: null };
      }
      const answer = await retryGarbled(() => client.bugs.update(bug, write.changes));
      const updated = answer.bugs.find((entry) => entry.id === bug);
      return { kind: 'done', bug, lastChangeAt: updated ? parseBugzillaTime(updated.last_change_time) : null };
    } catch (error) {
      const classification = classify(error);
      return 'problem' in classification
        ? { kind: 'failed', bug, problem: classification.problem }
        : { kind: 'refused', bug, message: classification.rejection.message };
    }
  }
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'kind' in value && typeof (value as Problem).kind === 'string';

function failure(error: unknown): Problem {
  const classification = classify(error);
  return 'problem' in classification
    ? classification.problem
    : { kind: 'unexpected', detail: classification.rejection.message };
}

/** The bugs changed on the tracker after the inbox read them, with when: one search for them all. */
async function changedSince(
  client: BugzillaClient,
  bugs: readonly KnownBug[],
): Promise<Map<number, number> | { problem: Problem }> {
  try {
    const { bugs: found } = await retryGarbled(() =>
      client.bugs.search({ id: bugs.map((bug) => bug.id) }, { includeFields: ['id', 'last_change_time'] }),
    );
    const changed = new Map<number, number>();
    for (const bug of bugs) {
      const now = found.find((entry) => entry.id === bug.id)?.last_change_time;
      const at = now ? parseBugzillaTime(now) : 0;
      if (at > bug.lastChangeAt) changed.set(bug.id, at);
    }
    return changed;
  } catch (error) {
    return { problem: failure(error) };
  }
}
