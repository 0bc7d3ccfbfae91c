import { newsTooltip } from '../news/describe-news.js';
import { changedBugs, type NewsSnapshot, type RecentBug } from '../news/news-state.js';
import { When } from './When.js';

function BugRow({ bug, trackerUrl, now }: { bug: RecentBug; trackerUrl: string; now: number }) {
  const count = bug.news ? bug.news.comments + bug.news.changes : 0;
  return (
    <li>
      <span class="bug">
        <a href={`${trackerUrl}show_bug.cgi?id=${bug.id}`} target="_blank" rel="noreferrer">
          Bug {bug.id}
        </a>
        {bug.summary !== null && <span class="summary">{bug.summary}</span>}
      </span>
      {bug.news && count > 0 ? (
        <span class="new" title={newsTooltip(bug.news)}>
          {count} new
        </span>
      ) : (
        <When at={bug.visitedAt} now={now} />
      )}
    </li>
  );
}

/** "Changed since your visit": the recently visited bugs others changed, first, with "Mark all as seen". */
export function ChangedSinceVisit({
  news,
  trackerUrl,
  now,
  onMarkSeen,
  marking,
}: {
  news: NewsSnapshot | null;
  trackerUrl: string;
  now: number;
  onMarkSeen: (ids: number[]) => void;
  marking: boolean;
}) {
  const changed = changedBugs(news);
  if (changed.length === 0) return null;
  return (
    <section aria-labelledby="changed" data-testid="changed-since-visit">
      <h2 id="changed">Changed since your visit</h2>
      <ol class="recent">
        {changed.map((bug) => (
          <BugRow key={bug.id} bug={bug} trackerUrl={trackerUrl} now={now} />
        ))}
      </ol>
      <button type="button" disabled={marking} onClick={() => onMarkSeen(changed.map((bug) => bug.id))}>
        Mark all as seen
      </button>
    </section>
  );
}

/** "Recently visited" with summaries and what is new, from the background's last refresh. */
export function RecentBugs({ news, trackerUrl, now }: { news: NewsSnapshot; trackerUrl: string; now: number }) {
  return (
    <section aria-labelledby="recent">
      <h2 id="recent">Recently visited</h2>
      {news.bugs.length === 0 ? (
        <p class="muted">No visits recorded yet.</p>
      ) : (
        <ol class="recent" data-testid="recent-visits">
          {news.bugs.map((bug) => (
            <BugRow key={bug.id} bug={bug} trackerUrl={trackerUrl} now={now} />
          ))}
        </ol>
      )}
      <p class="muted source" data-testid="visit-source">
        {news.source === 'tracker'
          ? 'Last visits as the tracker records them.'
          : 'Last visits as this browser recorded them: this tracker cannot report visits.'}
      </p>
    </section>
  );
}
