import { useCallback, useMemo, useState } from 'preact/hooks';
import { clockNow } from '../../common/clock.js';
import { type InboxRow, needsOf, rowKey } from '../../common/inbox-rows.js';
import type { InboxDetails } from '../../common/inbox-state.js';
import type { Platform } from '../../platform/platform.js';
import type { Notice } from '../use-commands.js';
import { type Outcome, TrackerActions } from './act-on-bugs.js';
import { outcomeWords, resultWords } from './result-words.js';
import { knownBug, localEffect, type TrackerAction } from './tracker-actions.js';

/** A row's action in flight or just done: what it shows at once, and what became of it. */
export interface RowAct {
  words: string;
  state: 'sending' | Outcome['kind'];
  patch: Partial<InboxDetails>;
  /** When it was done; the tracker's refresh after it supersedes it. */
  at: number;
  /** The bug's last change as this page last made it (a second action does not collide with the first). */
  lastChangeAt: number | null;
}

/** The rows as the actions left them: their local effect, and what the row says of its action. */
export function withActs(rows: readonly InboxRow[], acts: ReadonlyMap<string, RowAct>): InboxRow[] {
  if (acts.size === 0) return rows as InboxRow[];
  return rows.map((row) => {
    const act = acts.get(rowKey(row));
    if (!act || !row.bug.inbox) return row;
    const bug = { ...row.bug, inbox: { ...row.bug.inbox, ...act.patch } };
    return { ...row, bug, needs: needsOf(bug) };
  });
}

const byTracker = (rows: readonly InboxRow[]) => {
  const groups = new Map<string, InboxRow[]>();
  for (const row of rows) groups.set(row.trackerId, [...(groups.get(row.trackerId) ?? []), row]);
  return groups;
};

type Mark = (entries: Array<[string, RowAct]>) => void;

/** One tracker's part of an action: the rows' local effect at once, then what the tracker answered on each. */
async function actOnTracker(
  context: { actions: TrackerActions; platform: Platform; acts: ReadonlyMap<string, RowAct>; mark: Mark },
  trackerId: string,
  rows: InboxRow[],
  action: TrackerAction,
  force: boolean,
) {
  const { actions, platform, acts, mark } = context;
  const me = rows[0]?.me ?? null;
  const at = clockNow();
  if (me === null) {
    const words = 'nothing sent: this tracker does not say whose key it is (give your login in the options)';
    mark(rows.map((row) => [rowKey(row), { words, state: 'failed', patch: {}, at, lastChangeAt: null }]));
    return { outcomes: [] as Outcome[], undo: null, noUndo: words };
  }
  mark(
    rows.map((row) => [
      rowKey(row),
      { words: 'sending…', state: 'sending', patch: localEffect(action, row.bug.inbox, me), at, lastChangeAt: null },
    ]),
  );
  const known = rows.map((row) => {
    const bug = knownBug(row.bug.id, row.bug.inbox);
    const later = acts.get(rowKey(row))?.lastChangeAt;
    return later ? { ...bug, lastChangeAt: Math.max(bug.lastChangeAt, later) } : bug;
  });
  const result = await actions.act(trackerId, known, action, me, force);
  mark(
    rows.map((row) => {
      const outcome = result.outcomes.find((o) => o.bug === row.bug.id);
      const done = outcome?.kind === 'done';
      const words = outcome ? outcomeWords(action, outcome) : '';
      const patch = done ? localEffect(action, row.bug.inbox, me) : {};
      return [
        rowKey(row),
        { words, state: outcome?.kind ?? 'failed', patch, at, lastChangeAt: done ? outcome.lastChangeAt : null },
      ];
    }),
  );
  if (result.outcomes.some((o) => o.kind === 'done')) refreshTracker(platform, trackerId);
  return result;
}

/** Asks the background to look at a tracker now, so its rows catch up with what was done there. */
const refreshTracker = (platform: Platform, trackerId: string) =>
  void platform.sendMessage({ type: 'refresh-news', tracker: trackerId, maxAgeMs: 0 }).catch(() => {});

/**
 * The inbox's tracker actions: each row shows its local effect at once ("sending…"), then what the
 * tracker answered; the notice says the result with Undo where the tracker allows it, and "Send
 * anyway" after a collision. A tracker acted on is refreshed, so its rows catch up.
 */
export function useTrackerActions(platform: Platform, announce: (notice: Omit<Notice, 'until'>) => void) {
  const actions = useMemo(() => new TrackerActions(platform), [platform]);
  const [acts, setActs] = useState<Map<string, RowAct>>(new Map());
  const mark: Mark = (entries) =>
    setActs((was) => {
      const next = new Map(was);
      for (const [key, act] of entries) next.set(key, act);
      return next;
    });
  const undoAll = (rows: InboxRow[], undos: Array<() => Promise<Outcome[]>>) => async () => {
    const back = (await Promise.all(undos.map((undo) => undo()))).flat();
    const words = back.every((o) => o.kind === 'done') ? '✓ undone' : 'could not be undone';
    mark(rows.map((row) => [rowKey(row), { words, state: 'done', patch: {}, at: clockNow(), lastChangeAt: null }]));
    for (const trackerId of byTracker(rows).keys()) refreshTracker(platform, trackerId);
  };

  /** Does `action` to the rows (of any trackers), then says how it went. */
  const act = async (rows: InboxRow[], action: TrackerAction, force = false): Promise<void> => {
    const context = { actions, platform, acts, mark };
    const results = await Promise.all(
      [...byTracker(rows)].map(([trackerId, group]) => actOnTracker(context, trackerId, group, action, force)),
    );
    const outcomes = results.flatMap((result) => result.outcomes);
    const undos = results.flatMap((result) => (result.undo ? [result.undo] : []));
    const collided = rows.filter((row) => outcomes.some((o) => o.kind === 'collision' && o.bug === row.bug.id));
    const noUndo = results.find((result) => result.noUndo)?.noUndo ?? null;
    const said = [resultWords(action, outcomes), outcomes.some((o) => o.kind === 'done') ? noUndo : null];
    announce({
      text: said.filter(Boolean).join('. ') || (noUndo ?? ''),
      undo: undos.length > 0 && undos.length === results.length ? undoAll(rows, undos) : null,
      sendAnyway: collided.length > 0 ? () => void act(collided, action, true) : undefined,
    });
  };

  /** The acts the tracker's refreshes since have caught up with are forgotten (`refreshedAt`, by tracker). */
  const forgetBefore = useCallback(
    (refreshedAt: ReadonlyMap<string, number>) =>
      setActs((was) => {
        const kept = [...was].filter(
          ([key, act]) => act.state === 'sending' || (refreshedAt.get(key.split(':')[0] ?? '') ?? 0) <= act.at,
        );
        return kept.length === was.size ? was : new Map(kept);
      }),
    [],
  );

  return { acts, act, actions, forgetBefore };
}
