import { clockNow } from '../common/clock.js';
import { type InboxRow, rowKey } from '../common/inbox-rows.js';
import { applyTriage, type Triage, type TriageAction } from '../common/triage.js';
import type { Platform } from '../platform/platform.js';
import { TriageStorage } from '../storage/triage-storage.js';

export type RowAction = 'done' | 'mute' | 'snooze' | 'star' | 'seen';

/** How long an action can be undone, and how long "Mark seen" waits before it tells the tracker. */
export const UNDO_MS = 10_000;

export interface Applied {
  /** "Done: 2 bugs", for the notice. */
  text: string;
  undo: () => Promise<void>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function byTracker(rows: readonly InboxRow[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const row of rows) groups.set(row.trackerId, [...(groups.get(row.trackerId) ?? []), row.bug.id]);
  return groups;
}

/**
 * The inbox's actions on one bug or a selection, each with its undo: done,
 * mute, snooze and star change the triage (storage.sync, read afresh and
 * written back per tracker); undo writes back what was there. Mark seen is
 * held for the undo time before the tracker hears of it (a visit cannot be
 * taken back there), the rows hidden meanwhile (`pendingSeen`).
 */
export class InboxActions {
  readonly #platform: Platform;
  readonly #triage: TriageStorage;
  readonly #now: () => number;
  readonly pendingSeen = new Set<string>();
  readonly #seenTimers = new Map<string, { timer: ReturnType<typeof setTimeout>; rows: readonly InboxRow[] }>();
  readonly #onChange: () => void;

  constructor(platform: Platform, onChange: () => void, now: () => number = clockNow) {
    this.#platform = platform;
    this.#triage = new TriageStorage(platform);
    this.#now = now;
    this.#onChange = onChange;
  }

  #chain: Promise<unknown> = Promise.resolve();

  /** One action or undo at a time: each reads the triage the one before it wrote. */
  #serial<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#chain.then(run, run);
    this.#chain = result.catch(() => {});
    return result;
  }

  apply(action: RowAction, rows: readonly InboxRow[], until?: number): Promise<Applied | null> {
    return this.#serial(() => this.#apply(action, rows, until));
  }

  async #apply(action: RowAction, rows: readonly InboxRow[], until?: number): Promise<Applied | null> {
    if (rows.length === 0) return null;
    const count = plural(rows.length, 'bug', 'bugs');
    if (action === 'seen') return this.#markSeen(rows, count);
    const allStarred = rows.every((row) => row.starred);
    const triageAction: TriageAction = action === 'star' ? (allStarred ? 'unstar' : 'star') : action;
    const groups = byTracker(rows);
    const before = await this.#triage.read([...groups.keys()]);
    const now = this.#now();
    for (const [trackerId, bugs] of groups) {
      const triage = before.get(trackerId) as Triage;
      await this.#triage.write(trackerId, applyTriage(triage, triageAction, bugs, now, until), now);
    }
    const words: Record<TriageAction, string> = {
      done: 'Done',
      mute: 'Muted',
      unmute: 'Unmuted',
      snooze: 'Snoozed',
      star: 'Starred',
      unstar: 'Unstarred',
    };
    return {
      text: `${words[triageAction]}: ${count}`,
      undo: () =>
        this.#serial(async () => {
          for (const [trackerId, triage] of before) await this.#triage.write(trackerId, triage, this.#now());
        }),
    };
  }

  #markSeen(rows: readonly InboxRow[], count: string): Applied {
    const keys = rows.map(rowKey);
    for (const key of keys) this.pendingSeen.add(key);
    const batch = keys.join(' ');
    this.#seenTimers.set(batch, { timer: setTimeout(() => void this.#sendSeen(batch, rows), UNDO_MS), rows });
    this.#onChange();
    return {
      text: `Marked seen: ${count}`,
      undo: async () => {
        clearTimeout(this.#seenTimers.get(batch)?.timer);
        this.#seenTimers.delete(batch);
        for (const key of keys) this.pendingSeen.delete(key);
        this.#onChange();
      },
    };
  }

  async #sendSeen(batch: string, rows: readonly InboxRow[]): Promise<void> {
    this.#seenTimers.delete(batch);
    for (const [tracker, ids] of byTracker(rows)) {
      await this.#platform.sendMessage({ type: 'mark-seen', tracker, ids }).catch(() => null);
    }
    for (const row of rows) this.pendingSeen.delete(rowKey(row));
    this.#onChange();
  }

  /** The page is going away: what is waiting to be marked seen is sent now, not lost. */
  flushSeen(): void {
    for (const [batch, { timer, rows }] of this.#seenTimers) {
      clearTimeout(timer);
      void this.#sendSeen(batch, rows);
    }
  }
}
