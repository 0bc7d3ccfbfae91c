import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type InboxOrder, inboxRows, ordered, rowKey, type TrackerInbox } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { InboxPrefs } from '../storage/inbox-prefs.js';
import type { FirstRead } from '../ui/first-read.js';
import { KEPT_PAINT, keepPaint } from '../ui/kept-paint.js';
import { useInboxData } from '../ui/use-inbox-data.js';
import { type RowAct, useTrackerActions, withActs } from './act/use-tracker-actions.js';
import { type Criteria, isEmptyCriteria, matches } from './filters.js';
import { listItems } from './list-items.js';
import { useActions } from './use-actions.js';
import { useCommands } from './use-commands.js';

/** How tall a row is at the inbox's widest (its style's `--row-height`): the kept screenful's rows. */
const KEPT_ROW_HEIGHT = 68;

/**
 * The list is kept for the next opening's first paint once the frame that draws it has begun (a
 * layout effect runs as the render is committed; Preact runs a plain effect only after the next
 * frame), and after that frame: copying the page takes tens of ms that would hold the frame back.
 */
function useKeptForNextOpening(inboxes: TrackerInbox[]) {
  useLayoutEffect(() => {
    requestAnimationFrame(() => {
      setTimeout(() => {
        const app = document.getElementById('app');
        // The rows a window as tall as the screen (or this one, if taller) shows, not the list's whole
        // rendered window: the first paint lays out less, and a taller window next time finds its screenful.
        const tall = Math.max(window.innerHeight, screen.availHeight);
        if (app) keepPaint(KEPT_PAINT.inbox, app, Math.ceil(tall / KEPT_ROW_HEIGHT));
      });
    });
  }, [inboxes]);
}

/**
 * The rows waiting (`all`) and those the filters keep, in the order chosen, computed again only
 * when storage, the time, the filters or an action change, not on every key or scroll: thousands
 * of rows are sorted and filtered.
 */
function useListedRows(
  inboxes: TrackerInbox[],
  now: number,
  pendingSeen: ReadonlySet<string>,
  criteria: Criteria,
  order: InboxOrder,
  acts: ReadonlyMap<string, RowAct>,
) {
  const listed = useMemo(() => inboxRows(inboxes, now), [inboxes, now]);
  const all = useMemo(() => {
    const shown = pendingSeen.size === 0 ? listed : listed.filter((row) => !pendingSeen.has(rowKey(row)));
    return ordered(withActs(shown, acts), order);
  }, [listed, pendingSeen.size, acts, order]);
  const rows = useMemo(
    () => (isEmptyCriteria(criteria) ? all : all.filter((row) => matches(row, criteria))),
    [all, criteria],
  );
  return { all, rows };
}

/** The order chosen and the notes dismissed, kept in this browser. */
function useInboxPrefs(platform: Platform) {
  const storage = useMemo(() => new InboxPrefs(platform), [platform]);
  const [order, setOrder] = useState<InboxOrder>('needs-you');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    void storage.order().then(setOrder);
    void storage.dismissed().then((notes) => setDismissed(new Set(notes)));
  }, [storage]);
  return {
    order,
    setOrder(next: InboxOrder) {
      setOrder(next);
      void storage.setOrder(next);
    },
    dismissed,
    dismiss(note: string) {
      setDismissed((was) => new Set([...was, note]));
      void storage.dismiss(note);
    },
  };
}

/** Each tracker's rows that may be stale, by tracker id, with why (for the rows' marks). */
const staleTrackers = (inboxes: readonly TrackerInbox[]) =>
  new Map(
    inboxes.flatMap((tracker) =>
      tracker.snapshot?.trouble ? [[tracker.id, 'its last looks for changes failed']] : [],
    ),
  );

/** The tracker actions' words on the rows they were done to, forgotten once their tracker's refresh caught up. */
function useActsOnRows(inboxes: TrackerInbox[], trackerActs: ReturnType<typeof useTrackerActions>) {
  const { forgetBefore } = trackerActs;
  useEffect(() => {
    forgetBefore(new Map(inboxes.map((tracker) => [tracker.id, tracker.snapshot?.at ?? 0])));
  }, [inboxes, forgetBefore]);
  return useMemo(
    () => new Map([...trackerActs.acts].map(([key, act]) => [key, { words: act.words, state: act.state }])),
    [trackerActs.acts],
  );
}

/** What the inbox lists: every tracker's rows as stored, with the actions' effects, filtered and in the order chosen. */
export function useInboxRows(platform: Platform, first: FirstRead) {
  const data = useInboxData(platform, first);
  const inboxes = data.inboxes ?? first.inboxes;
  const actions = useActions(platform);
  const prefs = useInboxPrefs(platform);
  const [criteria, setCriteria] = useState<Criteria>({});
  const clearSelection = useRef(() => {});
  const commands = useCommands(actions, (action) => action !== 'star' && clearSelection.current());
  const trackerActs = useTrackerActions(platform, commands.announce);
  const actWords = useActsOnRows(inboxes, trackerActs);
  const listed = useListedRows(inboxes, data.now, actions.pendingSeen, criteria, prefs.order, trackerActs.acts);
  const items = useMemo(() => listItems(listed.rows, prefs.order), [listed.rows, prefs.order]);
  const stale = useMemo(() => staleTrackers(inboxes), [inboxes]);
  useKeptForNextOpening(inboxes);
  return {
    inboxes,
    now: data.now,
    prefs,
    criteria,
    setCriteria,
    clearSelection,
    commands,
    trackerActs,
    actWords,
    ...listed,
    items,
    stale,
  };
}

/** The inbox's state: what it lists and the commands on it (its components take it whole). */
export type InboxPage = ReturnType<typeof useInboxRows>;
