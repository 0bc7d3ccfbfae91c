import type { ComponentChildren } from 'preact';
import type { NewsSnapshot } from '../common/news-state.js';
import { When } from '../ui/When.js';
import { DeliveryStatus } from './DeliveryStatus.js';
import { InstanceDetails, Unavailable } from './InstanceDetails.js';
import type { PopupData, Section } from './load.js';
import { ChangedSinceVisit, RecentBugs } from './RecentBugs.js';

/** When nothing could be loaded, the banner says why; folded "unavailable"s would add nothing. */
function nothingLoadedIn(data: PopupData): boolean {
  return [data.version, data.extensions, data.timezone, data.clock, data.lastAudit, data.recent].every(
    (section) => !section.ok,
  );
}

/** The part that scrolls: the other trackers' rows, the changed bugs, the recent visits, delivery, details. */
export function PopupLists({
  data,
  now,
  news,
  onMarkSeen,
  marking,
  onRetry,
  retrying,
  allTrackers,
}: {
  data: PopupData;
  now: number;
  news: NewsSnapshot | null;
  onMarkSeen: (ids: number[]) => void;
  marking: boolean;
  onRetry: () => void;
  retrying: boolean;
  /** "All trackers": the inbox's first rows and count, above the tracker shown. */
  allTrackers?: ComponentChildren;
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

/**
 * The visits the tracker recorded, shown until the background's first look for changes
 * (RecentBugs then lists them with their news).
 */
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
