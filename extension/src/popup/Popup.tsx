import type { ClockSkew } from '@bz-companion/shared';
import type { ComponentChildren } from 'preact';
import { describeProblem, type Problem, problemDetails } from '../common/problems.js';
import { localTimeOfDay } from '../common/relative-time.js';
import type { NewsSnapshot } from '../news/news-state.js';
import { DeliveryStatus } from './DeliveryStatus.js';
import type { PopupData, Section } from './load.js';
import { ChangedSinceVisit, RecentBugs } from './RecentBugs.js';
import { Switcher, type SwitcherEntry } from './Switcher.js';
import { When } from './When.js';

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
}

/** The toolbar popup: the tracker's instance information, recent visits and delivery status. */
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
}: PopupProps) {
  const switcher = trackers.length > 1 && current !== null && (
    <Switcher entries={trackers} current={current} onSwitch={onSwitch} />
  );
  if (!data) {
    return (
      <main aria-busy="true">
        {switcher}
        <p class="muted">Loading…</p>
      </main>
    );
  }
  const { tracker } = data;
  // What the popup found now, else what the background last met sending visits (a 503 to the POST alone).
  const deliveryProblem = data.delivery?.problem;
  const shownProblem =
    data.problem ?? (deliveryProblem && deliveryProblem.kind !== 'not-configured' ? deliveryProblem : null);
  // When nothing could be loaded, the banner says why; a column of "unavailable" would add nothing.
  const nothingLoaded = [data.version, data.extensions, data.timezone, data.clock, data.lastAudit, data.recent].every(
    (section) => !section.ok,
  );
  return (
    <main aria-busy={stale ? 'true' : undefined}>
      {switcher}
      <header>
        <h1>
          <a href={tracker.url} target="_blank" rel="noreferrer">
            {new URL(tracker.url).host}
          </a>
        </h1>
        <span class="muted">
          {data.login ? `Signed in as ${data.login}` : tracker.apiKey ? '' : 'No API key on this device'}
        </span>
      </header>
      {shownProblem && (
        <ProblemBanner
          problem={shownProblem}
          nextTryAt={data.delivery?.nextTryAt ?? null}
          onOpenOptions={onOpenOptions}
        />
      )}
      <ChangedSinceVisit news={news} trackerUrl={tracker.url} now={now} onMarkSeen={onMarkSeen} marking={marking} />
      {!nothingLoaded && <TrackerSections data={data} now={now} news={news} />}
      <DeliveryStatus delivery={data.delivery} now={now} onRetry={onRetry} retrying={retrying} />
      <footer>
        <button type="button" class="link" onClick={onOpenOptions}>
          Options
        </button>
      </footer>
    </main>
  );
}

function TrackerSections({ data, now, news }: { data: PopupData; now: number; news: NewsSnapshot | null }) {
  return (
    <>
      <dl class="facts">
        <Fact label="Version" section={data.version} render={(v) => v} />
        <Fact
          label="Extensions"
          section={data.extensions}
          render={(list) => (list.length === 0 ? 'none' : list.map((e) => `${e.name} ${e.version}`).join(', '))}
        />
        <Fact label="Timezone" section={data.timezone} render={(v) => v} />
        <Fact
          label="Last audit"
          section={data.lastAudit}
          render={(at) => (at === null ? 'no audit events' : <When at={at} now={now} />)}
        />
      </dl>
      <Clocks section={data.clock} />
      {news ? (
        <RecentBugs news={news} trackerUrl={data.tracker.url} now={now} />
      ) : (
        <RecentVisits section={data.recent} trackerUrl={data.tracker.url} now={now} />
      )}
    </>
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
      {details && (
        <details class="details">
          <summary>Details</summary>
          <p>{details}</p>
        </details>
      )}
      {fixInOptions && (
        <button type="button" onClick={onOpenOptions}>
          Open options
        </button>
      )}
    </div>
  );
}

function Fact<T>({
  label,
  section,
  render,
}: {
  label: string;
  section: Section<T>;
  render: (value: T) => ComponentChildren;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{section.ok ? render(section.value) : <Unavailable problem={section.problem} />}</dd>
    </>
  );
}

export function Unavailable({ problem }: { problem: Problem }) {
  return (
    <span class="muted" title={describeProblem(problem)}>
      {problem.kind === 'too-old' ? 'not supported by this tracker' : 'unavailable'}
    </span>
  );
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function Clocks({ section }: { section: Section<ClockSkew> }) {
  if (!section.ok) {
    return (
      <section aria-labelledby="clocks">
        <h2 id="clocks">Clocks</h2>
        <Unavailable problem={section.problem} />
      </section>
    );
  }
  const skew = section.value;
  const browserOff = Math.abs(skew.localMinusWebMs) > skew.uncertaintyMs;
  return (
    <section aria-labelledby="clocks" data-testid="clocks">
      <h2 id="clocks">Clocks</h2>
      {skew.trackerClocksDisagree ? (
        <p class="warning" role="status" data-testid="clock-warning">
          The tracker's database clock is {Math.abs(skew.dbMinusWebSeconds)} s{' '}
          {skew.dbMinusWebSeconds > 0 ? 'ahead of' : 'behind'} its web server. Bugzilla says this instance has a
          problem; times you enter are read by the database clock.
        </p>
      ) : (
        <p>Database and web server agree.</p>
      )}
      <p class={browserOff ? 'warning' : ''}>
        Your browser is {seconds(Math.abs(skew.localMinusWebMs))} {skew.localMinusWebMs >= 0 ? 'ahead of' : 'behind'}{' '}
        the tracker (±{seconds(skew.uncertaintyMs)}, round trip {skew.roundTripMs} ms).
      </p>
    </section>
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
        <p class="muted">No visits recorded yet.</p>
      ) : (
        <ol class="recent" data-testid="recent-visits">
          {section.value.map((visit) => (
            <li key={visit.id}>
              <a href={`${trackerUrl}show_bug.cgi?id=${visit.id}`} target="_blank" rel="noreferrer">
                Bug {visit.id}
              </a>
              <When at={visit.visitedAt} now={now} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
