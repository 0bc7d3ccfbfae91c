import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { trackerLabel } from '../common/inbox-rows.js';
import type { NewsSnapshot } from '../common/news-state.js';
import { describeProblem, type Problem, problemDetails } from '../common/problems.js';
import { localTimeOfDay } from '../common/relative-time.js';
import { When } from '../ui/When.js';
import { DeliveryStatus } from './DeliveryStatus.js';
import { ClockWarning, InstanceDetails, Unavailable } from './InstanceDetails.js';
import { movedTo, rowKey } from './keyboard.js';
import type { PopupData, Section } from './load.js';
import { ChangedSinceVisit, RecentBugs } from './RecentBugs.js';
import { Switcher, type SwitcherEntry } from './Switcher.js';

interface PopupProps {
  data: PopupData | null;
  /** The tracker shown, or being loaded. */
  current: string | null;
  trackers: SwitcherEntry[];
  onSwitch: (trackerId: string) => void;
  now: number;
  onRetry: () => void;
  onOpenOptions: () => void;
  retrying: boolean;
  /** Recent visits and what changed since each (the background's last refresh), or null before the first. */
  news: NewsSnapshot | null;
  onMarkSeen: (ids: number[]) => void;
  marking: boolean;
  /** What is shown is what was kept from last time, until this opening's data arrives (busy meanwhile). */
  stale: boolean;
  /** "Track this tracker", when the active tab is a Bugzilla not in the list. */
  offer?: ComponentChildren;
  /** "All trackers": the inbox's first rows and count, above the tracker shown. */
  allTrackers?: ComponentChildren;
}

/**
 * The toolbar popup, within Chrome's 800 × 600: the changed bugs first (each
 * once, with who and what), then the other recent visits, the visits'
 * delivery, and the tracker's details folded. The lists scroll inside; the
 * header and Options stay in view. Keys: j/k move, Enter opens, m marks seen.
 */
export function Popup({
  data,
  current,
  trackers,
  onSwitch,
  now,
  onRetry,
  onOpenOptions,
  retrying,
  news,
  onMarkSeen,
  marking,
  stale,
  offer,
  allTrackers,
}: PopupProps) {
  const main = useRef<HTMLElement>(null);
  const focusAfterMark = useFocusAfterMark(main, news);
  useFitToWindow(main);
  useRowKeys(main, focusAfterMark, onMarkSeen);

  const switcher = trackers.length > 1 && current !== null && (
    <Switcher entries={trackers} current={current} onSwitch={onSwitch} />
  );
  if (!data) {
    return (
      <main aria-busy="true" class="popup-main">
        {switcher}
        <p class="muted">Loading…</p>
      </main>
    );
  }
  return (
    <main aria-busy={stale ? 'true' : undefined} class="popup-main" ref={main}>
      {switcher}
      <TrackerHeader data={data} />
      {offer}
      <PopupAlerts data={data} onOpenOptions={onOpenOptions} />
      <PopupLists
        data={data}
        now={now}
        news={news}
        onMarkSeen={onMarkSeen}
        marking={marking}
        onRetry={onRetry}
        retrying={retrying}
        allTrackers={allTrackers}
      />
      <PopupFooter onOpenOptions={onOpenOptions} />
    </main>
  );
}

/** What keeps the tracker from answering (with the way to fix it), and a clock far from the tracker's. */
function PopupAlerts({ data, onOpenOptions }: { data: PopupData; onOpenOptions: () => void }) {
  const shownProblem = problemShown(data);
  return (
    <>
      {shownProblem && (
        <ProblemBanner
          problem={shownProblem}
          nextTryAt={data.delivery?.nextTryAt ?? null}
          onOpenOptions={onOpenOptions}
        />
      )}
      {data.clock.ok && <ClockWarning skew={data.clock.value} />}
    </>
  );
}

/** What the popup found now, else what the background last met sending visits (a 503 to the POST alone). */
function problemShown(data: PopupData): Problem | null | undefined {
  const deliveryProblem = data.delivery?.problem;
  return data.problem ?? (deliveryProblem && deliveryProblem.kind !== 'not-configured' ? deliveryProblem : null);
}

/** When nothing could be loaded, the banner says why; folded "unavailable"s would add nothing. */
function nothingLoadedIn(data: PopupData): boolean {
  return [data.version, data.extensions, data.timezone, data.clock, data.lastAudit, data.recent].every(
    (section) => !section.ok,
  );
}

/** The part that scrolls: the other trackers' rows, the changed bugs, the recent visits, delivery, details. */
function PopupLists({
  data,
  now,
  news,
  onMarkSeen,
  marking,
  onRetry,
  retrying,
  allTrackers,
}: Pick<PopupProps, 'now' | 'news' | 'onMarkSeen' | 'marking' | 'onRetry' | 'retrying' | 'allTrackers'> & {
  data: PopupData;
}) {
  const { tracker } = data;
  const nothingLoaded = nothingLoadedIn(data);
  return (
    <div class="scroll">
      {allTrackers}
      <ChangedSinceVisit news={news} trackerUrl={tracker.url} now={now} onMarkSeen={onMarkSeen} marking={marking} />
      {!nothingLoaded &&
        (news ? (
          <RecentBugs news={news} trackerUrl={tracker.url} now={now} />
        ) : (
          <RecentVisits section={data.recent} trackerUrl={tracker.url} now={now} />
        ))}
      <DeliveryStatus delivery={data.delivery} now={now} onRetry={onRetry} retrying={retrying} />
      {!nothingLoaded && <InstanceDetails data={data} now={now} />}
    </div>
  );
}

/** Options, and the keys the popup answers (for sighted users: the keys work without it). */
function PopupFooter({ onOpenOptions }: { onOpenOptions: () => void }) {
  return (
    <footer>
      <button type="button" class="link" onClick={onOpenOptions}>
        Options
      </button>
      <span class="muted keys" aria-hidden="true">
        j/k move · Enter open · m seen
      </span>
    </footer>
  );
}

type MainRef = { current: HTMLElement | null };

/** After "m", the row at the marked row's place takes the focus once the list has changed. */
function useFocusAfterMark(main: MainRef, news: NewsSnapshot | null): { current: number | null } {
  const focusAfterMark = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAfterMark.current;
    if (at === null || !main.current) return;
    focusAfterMark.current = null;
    const rows = [...main.current.querySelectorAll<HTMLElement>('[data-row]')];
    rows[Math.min(at, rows.length - 1)]?.focus();
  }, [news, main]);
  return focusAfterMark;
}

/**
 * Chrome gives a popup at most 600 px, less on a short screen: when the window ends up shorter than
 * the content, the layout takes the window's height, so the lists scroll inside and Options stays in
 * view. Not before the window has a real size (a popup starts tiny and grows to its content).
 */
function useFitToWindow(main: MainRef): void {
  useLayoutEffect(() => {
    const fit = () => {
      const box = main.current;
      if (!box || window.innerHeight < 200) return;
      if (document.documentElement.scrollHeight > window.innerHeight) box.style.maxHeight = `${window.innerHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  });
}

/** j/k move between rows, Enter opens (the row's link), m marks the focused changed bug seen. */
function useRowKeys(main: MainRef, focusAfterMark: { current: number | null }, onMarkSeen: (ids: number[]) => void) {
  // On the document: the popup opens with the focus on its body, outside <main>.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  keyHandler.current = (event: KeyboardEvent) => {
    const action = rowKey(event);
    if (!action || !main.current) return;
    const rows = [...main.current.querySelectorAll<HTMLElement>('[data-row]')];
    const at = rows.indexOf(document.activeElement as HTMLElement);
    if ('move' in action) {
      const next = movedTo(at, rows.length, action.move);
      if (next !== null) rows[next]?.focus();
    } else {
      const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('li.changed');
      if (!row?.dataset.bug) return;
      focusAfterMark.current = at;
      onMarkSeen([Number(row.dataset.bug)]);
    }
    event.preventDefault();
  };
}

/** The tracker's host, linked, and who the popup is signed in as. */
function TrackerHeader({ data }: { data: PopupData }) {
  const { tracker } = data;
  return (
    <header>
      <h1>
        {/* The name the switcher shows it by: the heading names what is chosen there. */}
        <a href={tracker.url} target="_blank" rel="noreferrer" title={tracker.url}>
          {trackerLabel(tracker)}
        </a>
      </h1>
      <span class="muted signed-in">
        {data.login ? `Signed in as ${data.login}` : tracker.apiKey ? '' : 'No API key on this device'}
      </span>
    </header>
  );
}

function ProblemBanner({
  problem,
  nextTryAt,
  onOpenOptions,
}: {
  problem: Problem;
  nextTryAt: number | null;
  onOpenOptions: () => void;
}) {
  const fixInOptions = ['not-configured', 'no-permission', 'key-invalid', 'login-required'].includes(problem.kind);
  const details = problemDetails(problem);
  return (
    <div class="banner error" role="alert" data-problem={problem.kind}>
      <p>
        {describeProblem(problem)}
        {nextTryAt !== null && ` Next try at ${localTimeOfDay(nextTryAt)}.`}
      </p>
      {fixInOptions && (
        <button type="button" onClick={onOpenOptions}>
          Open options
        </button>
      )}
      {details && (
        <details class="details">
          <summary>Details</summary>
          <p>{details}</p>
        </details>
      )}
    </div>
  );
}

function RecentVisits({
  section,
  trackerUrl,
  now,
}: {
  section: Section<Array<{ id: number; visitedAt: number }>>;
  trackerUrl: string;
  now: number;
}) {
  return (
    <section aria-labelledby="recent">
      <h2 id="recent">Recently visited</h2>
      {!section.ok ? (
        <Unavailable problem={section.problem} />
      ) : section.value.length === 0 ? (
        <p class="muted">No visits recorded yet. Open a bug page and it is listed here.</p>
      ) : (
        <ol class="rows" data-testid="recent-visits">
          {section.value.map((visit) => (
            <li key={visit.id} class="row" data-bug={visit.id}>
              <a
                class="line"
                href={`${trackerUrl}show_bug.cgi?id=${visit.id}`}
                target="_blank"
                rel="noreferrer"
                data-row
              >
                <span class="id">#{visit.id}</span>
              </a>
              <When at={visit.visitedAt} now={now} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
