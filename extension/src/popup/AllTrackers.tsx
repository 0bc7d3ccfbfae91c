import { inboxRows, rowKey } from '../common/inbox-rows.js';
import { reasonChips, rowWords, who } from '../follow/row-words.js';
import { useInboxData } from '../inbox/use-inbox-data.js';
import { bugPage } from '../news/notifications.js';
import type { Platform } from '../platform/platform.js';
import { When } from './When.js';

/** How many of the other trackers' waiting bugs the popup lists above the tracker shown; the inbox has them all. */
const SHOWN = 8;

/**
 * "All trackers": the count of the bugs waiting across every tracker (the
 * badge's number), and the rows of the trackers other than the one shown
 * below; the bugs waiting across every tracker, the newest change
 * first, as the inbox lists them and the badge counts them (one list, one
 * count), with the way to the inbox.
 */
export function AllTrackers({
  platform,
  shown,
  limit = SHOWN,
}: {
  platform: Platform;
  /** The tracker shown below (its rows are left to it), or null when this is the whole popup. */
  shown: string | null;
  limit?: number;
}) {
  const { inboxes, now } = useInboxData(platform);
  if (!inboxes) return null;
  const all = inboxRows(inboxes, now);
  // The tracker shown below lists its own: each bug once in the popup.
  const rows = all.filter((row) => row.trackerId !== shown);
  return (
    <section aria-labelledby="all-trackers" data-testid="all-trackers">
      <div class="section-head">
        <h2 id="all-trackers">All trackers ({all.length})</h2>
        <button type="button" class="link" onClick={() => void platform.openInbox()}>
          Open inbox
        </button>
      </div>
      {all.length === 0 ? (
        <p class="muted">Nothing waiting on any tracker.</p>
      ) : rows.length === 0 ? null : (
        <ol class="rows all-rows">
          {rows.slice(0, limit).map((row) => (
            <li key={rowKey(row)} class="row all-row" data-bug={row.bug.id} data-tracker={row.trackerId}>
              <a class="line" href={bugPage(row.trackerUrl, row.bug)} target="_blank" rel="noreferrer">
                <span class="tracker-label">{row.label}</span> <span class="id">#{row.bug.id}</span>{' '}
                <bdi class="summary" dir="auto" title={row.bug.summary ?? undefined}>
                  {row.bug.summary ?? `Bug ${row.bug.id}`}
                </bdi>
              </a>
              <span class="meta">
                {reasonChips(row.bug).map((chip) => (
                  <span key={chip} class="chip">
                    {chip}
                  </span>
                ))}{' '}
                <bdi class="what" dir="auto">
                  {rowWords(row.bug).join(' · ')}
                </bdi>
                {who(row.bug) && ` by ${who(row.bug)}`}
                {row.bug.news?.latest && (
                  <>
                    {' · '}
                    <When at={row.bug.news.latest.at} now={now} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {rows.length > limit && (
        <p class="muted">
          {rows.length - limit} more in the{' '}
          <button type="button" class="link" onClick={() => void platform.openInbox()}>
            inbox
          </button>
          .
        </p>
      )}
    </section>
  );
}
