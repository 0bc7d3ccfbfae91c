import { bugPage } from '../common/bug-page.js';
import { changedBugs, type NewsSnapshot, type RecentBug } from '../common/news-state.js';
import { newsLine, newsTooltip } from '../ui/describe-news.js';
import { When } from '../ui/When.js';

const bugHref = bugPage;

function ChangedRow({
  bug,
  trackerUrl,
  now,
  onMarkSeen,
  marking,
}: {
  bug: RecentBug;
  trackerUrl: string;
  now: number;
  onMarkSeen: (ids: number[]) => void;
  marking: boolean;
}) {
  const news = bug.news;
  if (!news) return null;
  return (
    <li class="row changed" data-bug={bug.id}>
      <a class="line" href={bugHref(trackerUrl, bug)} target="_blank" rel="noreferrer" data-row>
        <span class="id">#{bug.id}</span> <bdi class="summary">{bug.summary ?? `Bug ${bug.id}`}</bdi>
      </a>
      <span class="meta" title={news.latest ? `${newsTooltip(news)}, latest by ${news.latest.who}` : newsTooltip(news)}>
        <span class="what">{newsLine(news)}</span>
        {news.latest && (
          <>
            {' · '}
            <When at={news.latest.at} now={now} />
          </>
        )}
      </span>
      <button
        type="button"
        class="seen"
        disabled={marking}
        aria-label={`Mark bug ${bug.id} as seen`}
        title="Mark as seen (m)"
        onClick={() => onMarkSeen([bug.id])}
      >
        ✓
      </button>
    </li>
  );
}

/** "Changed since your visit": the bugs others changed, first and once, each with who, what and "mark seen". */
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
      <div class="section-head">
        <h2 id="changed">Changed since your visit ({changed.length})</h2>
        <button type="button" class="link" disabled={marking} onClick={() => onMarkSeen(changed.map((bug) => bug.id))}>
          Mark all as seen
        </button>
      </div>
      <ol class="rows">
        {changed.map((bug) => (
          <ChangedRow
            key={bug.id}
            bug={bug}
            trackerUrl={trackerUrl}
            now={now}
            onMarkSeen={onMarkSeen}
            marking={marking}
          />
        ))}
      </ol>
    </section>
  );
}

/** "Recently visited": the other recent visits (the changed ones are listed above, not twice). */
export function RecentBugs({ news, trackerUrl, now }: { news: NewsSnapshot; trackerUrl: string; now: number }) {
  const changed = new Set(changedBugs(news).map((bug) => bug.id));
  const rest = news.bugs.filter((bug) => !changed.has(bug.id));
  return (
    <section aria-labelledby="recent">
      <h2 id="recent">Recently visited</h2>
      {news.bugs.length === 0 ? (
        <p class="muted">No visits recorded yet. Open a bug page and it is listed here.</p>
      ) : rest.length === 0 ? (
        <p class="muted">Every recent visit has changed since: see above.</p>
      ) : (
        <ol class="rows" data-testid="recent-visits">
          {rest.map((bug) => (
            <li key={bug.id} class="row" data-bug={bug.id}>
              <a class="line" href={bugHref(trackerUrl, bug)} target="_blank" rel="noreferrer" data-row>
                <span class="id">#{bug.id}</span> <bdi class="summary">{bug.summary ?? `Bug ${bug.id}`}</bdi>
              </a>
              <When at={bug.visitedAt} now={now} />
            </li>
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
