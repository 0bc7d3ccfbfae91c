import { render } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DeliveryState } from '../common/delivery-state.js';
import { type InboxRow, inboxRows, type TrackerInbox, trackerLabel } from '../common/inbox-rows.js';
import type { NewsSnapshot } from '../common/news-state.js';
import type { Tracker } from '../common/trackers.js';
import { browserPlatform } from '../platform/browser.js';
import { NewsStorage } from '../storage/news-storage.js';
import { TrackerStorage } from '../storage/storage.js';
import { started } from '../ui/early-read.js';
import type { FirstRead } from '../ui/first-read.js';
import { forgetPaint, KEPT_PAINT, keepPaint, POPUP_SCREENFUL } from '../ui/kept-paint.js';
import { useInboxData } from '../ui/use-inbox-data.js';
import { AllTrackers } from './AllTrackers.js';
import { AllTrackersPopup } from './AllTrackersPopup.js';
import { choosePopupView } from './choose-tracker.js';
import { loadPopupData, type PopupData } from './load.js';
import { Popup } from './Popup.js';
import { cachedPopupData, forCache } from './popup-cache.js';
import { ALL_TRACKERS, type SwitcherEntry } from './Switcher.js';
import { TrackThis } from './TrackThis.js';
import { type Seen, trackerStatus } from './tracker-status.js';
import { untrackedBugzilla } from './untracked-bugzilla.js';

const platform = browserPlatform;
const storage = new TrackerStorage(platform);
const newsStorage = new NewsStorage(platform);
const openOptions = () => void platform.openOptionsPage();

/** A refresh of recent visits younger than this is shown as it is: a popup opened again at once asks the tracker nothing. */
const NEWS_FRESH_MS = 30_000;

/** What this opening of the popup found per tracker it showed: the switcher agrees with the body. */
const seenOnOpening = new Map<string, Seen>();

/**
 * All trackers first (the badge's count), then each tracker with its own count and status, from
 * the kept refreshes the popup read once (`inboxes`) and the rows listed from them (`waiting`).
 */
async function switcherEntries(
  trackers: Tracker[],
  inboxes: readonly TrackerInbox[],
  waiting: readonly InboxRow[],
): Promise<SwitcherEntry[]> {
  const troubleOf = (id: string) => inboxes.find((inbox) => inbox.id === id)?.snapshot?.trouble?.problem ?? null;
  const each = await Promise.all(
    trackers.map(async (tracker) => ({
      id: tracker.id,
      host: trackerLabel(tracker),
      status: trackerStatus(
        tracker,
        await storage.readDelivery(tracker.id),
        seenOnOpening.get(tracker.id),
        troubleOf(tracker.id),
      ),
      count: waiting.filter((row) => row.trackerId === tracker.id).length,
    })),
  );
  const all = { id: ALL_TRACKERS, host: 'All trackers', status: '', count: waiting.length };
  return trackers.length > 1 ? [all, ...each] : each;
}

/**
 * The tracker the popup shows: first what it kept from last time (the first paint), then what the
 * tracker answers; a quicker switch to another tracker meanwhile wins. `onShown` runs once the
 * tracker's own answer is in (the switcher then says what the body shows).
 */
function useShownTracker(onShown: () => void, trackerOnScreen: boolean) {
  const [data, setData] = useState<PopupData | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [news, setNews] = useState<NewsSnapshot | null>(null);
  /** Whether what is shown came from the tracker in this opening (only that is kept for the next first paint). */
  const [fresh, setFresh] = useState(false);
  // Kept as soon as this opening's data is in the DOM, before it is even painted: a popup closed at
  // once must still leave it for the next opening's first paint (a few kB, well under a millisecond).
  useLayoutEffect(() => {
    // Only the tracker's own view is kept here (All trackers keeps its own: AllTrackers.tsx).
    if (!fresh || !trackerOnScreen) return;
    const app = document.getElementById('app');
    if (app) keepPaint(KEPT_PAINT.popup, app, POPUP_SCREENFUL);
  });
  const shownRef = useRef<string | null>(null);
  const show = useCallback(
    async (tracker: Tracker) => {
      shownRef.current = tracker.id;
      const stillShown = () => shownRef.current === tracker.id;
      setCurrent(tracker.id);
      setFresh(false);
      setData(null);
      setNews(null);
      // First paint: what the popup knew last time, straight from storage; the network follows.
      const [cached, snapshot] = await Promise.all([
        newsStorage.popupCache<unknown>(tracker.id).catch(() => null),
        newsStorage.snapshot(tracker.id).catch(() => null),
      ]);
      if (!stillShown()) return;
      const fromCache = cachedPopupData(cached, tracker);
      // The refresh below replaces it when it answers, before or after the rest of the data.
      setNews(snapshot);
      if (fromCache) setData(fromCache);
      void platform
        .sendMessage<NewsSnapshot | null>({ type: 'refresh-news', tracker: tracker.id, maxAgeMs: NEWS_FRESH_MS })
        .then((answer) => {
          if (stillShown() && answer) setNews(answer);
        })
        .catch(() => {});
      const loaded = await loadPopupData(platform, tracker);
      if (!stillShown()) return;
      setData(loaded);
      setFresh(true);
      seenOnOpening.set(tracker.id, { problem: loaded.problem, clock: loaded.clock });
      onShown();
      void newsStorage.savePopupCache(tracker.id, forCache(loaded));
    },
    [onShown],
  );
  return { data, setData, current, news, setNews, fresh, show, shownRef };
}

/** Marking bugs as seen, through the service worker; the news shown follow if the tracker is still shown. */
function useMarkSeen(shownRef: { current: string | null }, setNews: (news: NewsSnapshot | null) => void) {
  const [marking, setMarking] = useState(false);
  const markSeen = useCallback(
    async (trackerId: string, ids: number[]) => {
      setMarking(true);
      try {
        const answer = await platform.sendMessage<NewsSnapshot | null>({ type: 'mark-seen', tracker: trackerId, ids });
        if (shownRef.current === trackerId) setNews(answer);
      } finally {
        setMarking(false);
      }
    },
    [shownRef, setNews],
  );
  return { marking, markSeen };
}

/** "Retry now": the shown tracker's queue sent at once; the body and the switcher say how it went. */
function useRetry(
  data: PopupData | null,
  setData: (update: (shown: PopupData | null) => PopupData | null) => void,
  refreshSwitcher: () => void,
  /** The shown tracker's last look for changes failed. */
  lookFailed: boolean,
) {
  const [retrying, setRetrying] = useState(false);
  const retry = useCallback(async () => {
    if (!data) return;
    setRetrying(true);
    try {
      const delivery = await platform.sendMessage<DeliveryState>({ type: 'retry-now', tracker: data.tracker.id });
      setData((shown) => (shown ? { ...shown, delivery } : shown));
      // A failed look for changes is tried again too, so a trouble found while the tracker was away
      // does not outlast the tracker's return.
      if (lookFailed) {
        await platform.sendMessage({ type: 'refresh-news', tracker: data.tracker.id }).catch(() => undefined);
      }
      refreshSwitcher();
    } finally {
      setRetrying(false);
    }
  }, [data, setData, refreshSwitcher, lookFailed]);
  return { retrying, retry };
}

/** The switcher's counts move with the inbox: a refresh, a bug opened or marked, here or in another browser. */
function useCountsFollowStorage(refresh: () => void) {
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    platform.onStorageChanged(() => {
      clearTimeout(pending);
      pending = setTimeout(refresh, 50);
    });
  }, [refresh]);
}

/** No tracker yet: how to add one, or, on a Bugzilla page, an offer to track it. */
function NoTracker({ untracked }: { untracked: string | null }) {
  return (
    <main data-testid="no-tracker">
      <h1>bz-companion</h1>
      {untracked ? (
        <TrackThis url={untracked} onTrack={() => void platform.openOptionsToAdd(untracked)} />
      ) : (
        <>
          <p>No tracker yet. Add your Bugzilla in the options: its address and an API key you create there.</p>
          <button type="button" onClick={() => void platform.openOptionsPage()}>
            Add a tracker
          </button>
        </>
      )}
    </main>
  );
}

/** What the popup learns as it opens, each into its own state. */
interface FirstViewSetters {
  setTrackers: (trackers: Tracker[]) => void;
  setUntracked: (url: string | null) => void;
  setAllShown: (all: boolean) => void;
  setNoTracker: (none: boolean) => void;
}

/** The trackers, the active tab and the tracker last used, and from them the view the popup opens on. */
async function openFirstView(show: (tracker: Tracker) => Promise<void>, set: FirstViewSetters) {
  // Read at once, not one after the other: the first paint waits for them.
  const [list, activeTab, lastUsed] = await Promise.all([
    storage.trackers(),
    platform.activeTabUrl().catch(() => null),
    storage.lastUsed(),
  ]);
  set.setTrackers(list);
  set.setUntracked(untrackedBugzilla(activeTab, list));
  const { all, tracker: chosen } = choosePopupView(list, activeTab, lastUsed);
  set.setAllShown(all);
  if (chosen) await show(chosen);
  else {
    forgetPaint(KEPT_PAINT.popup);
    set.setNoTracker(true);
  }
}

/** A choice in the switcher: All trackers, or a tracker, shown and remembered as the last used. */
function useSwitch(
  trackers: Tracker[],
  show: (tracker: Tracker) => Promise<void>,
  setAllShown: (all: boolean) => void,
) {
  return useCallback(
    (id: string) => {
      setAllShown(id === ALL_TRACKERS);
      const tracker = trackers.find((t) => t.id === id);
      if (!tracker) return;
      void storage.setLastUsed(id);
      void show(tracker);
    },
    [trackers, show],
  );
}

function App({ first }: { first: FirstRead }) {
  const [trackers, setTrackers] = useState<Tracker[]>([]);
  const [entries, setEntries] = useState<SwitcherEntry[]>([]);
  const [noTracker, setNoTracker] = useState(false);
  /** The active tab's Bugzilla, when it is not in the list. */
  const [untracked, setUntracked] = useState<string | null>(null);
  /** "All trackers" chosen in the switcher (the tracker below stays loaded for when it is chosen again). */
  const [allShown, setAllShown] = useState(false);
  // Every tracker's kept refresh, read once for the switcher's counts and the All trackers list (the
  // read began before the app loaded: ui/early-read.ts), and again when storage changes.
  const { inboxes, now } = useInboxData(platform, first);
  const waiting = useMemo(() => (inboxes ? inboxRows(inboxes, now) : null), [inboxes, now]);
  const latest = useRef({ inboxes: inboxes ?? [], waiting: waiting ?? [] });
  latest.current = { inboxes: inboxes ?? [], waiting: waiting ?? [] };
  const refreshSwitcher = useCallback(
    () =>
      void storage
        .trackers()
        .then((list) => switcherEntries(list, latest.current.inboxes, latest.current.waiting))
        .then(setEntries),
    [],
  );
  // The counts follow the list as it is read again.
  useEffect(() => {
    if (waiting) refreshSwitcher();
  }, [waiting, refreshSwitcher]);
  const { data, setData, current, news, setNews, fresh, show, shownRef } = useShownTracker(refreshSwitcher, !allShown);
  const { marking, markSeen } = useMarkSeen(shownRef, setNews);
  useCountsFollowStorage(refreshSwitcher);
  const { retrying, retry } = useRetry(data, setData, refreshSwitcher, news?.trouble !== undefined);

  useEffect(() => {
    void openFirstView(show, { setTrackers, setUntracked, setAllShown, setNoTracker });
  }, [show]);
  const onSwitch = useSwitch(trackers, show, setAllShown);

  if (noTracker) return <NoTracker untracked={untracked} />;
  if (allShown) {
    return (
      <AllTrackersPopup
        platform={platform}
        entries={entries}
        waiting={waiting}
        now={now}
        onSwitch={onSwitch}
        onOpenOptions={openOptions}
      />
    );
  }
  return (
    <Popup
      data={data}
      current={current}
      trackers={entries}
      onSwitch={onSwitch}
      now={Date.now()}
      onRetry={retry}
      onOpenOptions={openOptions}
      retrying={retrying}
      news={news}
      onMarkSeen={(ids) => data && void markSeen(data.tracker.id, ids)}
      marking={marking}
      stale={!fresh}
      allTrackers={<AllTrackers platform={platform} waiting={waiting} now={now} shown={current} />}
      offer={untracked && <TrackThis url={untracked} onTrack={() => void platform.openOptionsToAdd(untracked)} />}
    />
  );
}

render(<App first={await started} />, document.getElementById('app') as HTMLElement);
