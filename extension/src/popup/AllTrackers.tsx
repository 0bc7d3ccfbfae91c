import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { bugPage } from '../common/bug-page.js';
import { type InboxOrder, type InboxRow, ordered, rowKey } from '../common/inbox-rows.js';
import type { Platform } from '../platform/platform.js';
import { InboxPrefs } from '../storage/inbox-prefs.js';
import { KEPT_PAINT, keepPaint, POPUP_SCREENFUL } from '../ui/kept-paint.js';
import { needsWords, reasonChips, rowWords, who } from '../ui/row-words.js';
import { When } from '../ui/When.js';

/** How many of the other trackers' waiting bugs the popup lists above the tracker shown; the inbox has them all. */
const SHOWN = 8;

/** The heading names what is listed: every tracker's bugs on All trackers, the others' above a tracker. */
function heading(whole: boolean, all: number, others: number): string {
  return whole ? `All trackers (${all})` : `Other trackers (${others})`;
}

/** The inbox's order, as chosen there (what needs the user first, unless the newest change first was chosen). */
function useOrder(platform: Platform): InboxOrder {
  const prefs = useMemo(() => new InboxPrefs(platform), [platform]);
  const [order, setOrder] = useState<InboxOrder>('needs-you');
  useEffect(() => void prefs.order().then(setOrder), [prefs]);
  return order;
}

/** The whole popup on All trackers is the next opening's first paint, as a tracker's view is. */
function useKeptPaint(loaded: boolean, shown: string | null) {
  useLayoutEffect(() => {
    const app = document.getElementById('app');
    if (loaded && shown === null && app) keepPaint(KEPT_PAINT.popup, app, POPUP_SCREENFUL);
  });
}

/** One bug waiting: its tracker, number and summary linked to its page, then why it waits and when it changed. */
function AllTrackersRow({ row, now }: { row: InboxRow; now: number }) {
  return (
    <li class="row all-row" data-bug={row.bug.id} data-tracker={row.trackerId}>
      <a class="line" href={bugPage(row.trackerUrl, row.bug)} target="_blank" rel="noreferrer">
        <span class="tracker-label">{row.label}</span> <span class="id">#{row.bug.id}</span>{' '}
        <bdi class="summary" dir="auto" title={row.bug.summary ?? undefined}>
          {row.bug.summary ?? `Bug ${row.bug.id}`}
        </bdi>
      </a>
      <span class="meta">
        {needsWords(row.bug, now).length > 0 && (
          <span class="needs-words">{needsWords(row.bug, now).join(' · ')} · </span>
        )}
        {reasonChips(row.bug).map((chip) => (
          <span key={chip} class="chip">
            {chip}
          </span>
        ))}{' '}
        <bdi class="what" dir="auto">
          {rowWords(row.bug, row.me).join(' · ')}
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
  );
}

/**
 * The popup on All trackers: the bugs waiting across every tracker (the
 * badge's number), in the inbox's order (what needs the user first), with
 * the way to the inbox. Above one tracker's view: the other trackers' rows
 * (each bug once in the popup), under their own heading.
 */
export function AllTrackers({
  platform,
  waiting,
  now,
  shown,
  limit = SHOWN,
}: {
  platform: Platform;
  /** Every tracker's waiting bugs, as stored, newest change first (null until read). */
  waiting: InboxRow[] | null;
  now: number;
  /** The tracker shown below (its rows are left to it), or null when this is the whole popup. */
  shown: string | null;
  limit?: number;
}) {
  const order = useOrder(platform);
  useKeptPaint(waiting !== null, shown);
  if (!waiting) return null;
  // On All trackers this is the popup's heading, as a tracker's name is on its view.
  const Heading = shown === null ? 'h1' : 'h2';
  const all = ordered(waiting, order);
  // The tracker shown below lists its own: each bug once in the popup.
  const rows = all.filter((row) => row.trackerId !== shown);
  return (
    <section aria-labelledby="all-trackers" data-testid="all-trackers">
      <div class="section-head">
        <Heading id="all-trackers">{heading(shown === null, all.length, rows.length)}</Heading>
        <button type="button" class="link" onClick={() => void platform.openInbox()}>
          Open inbox
        </button>
      </div>
      {rows.length === 0 ? (
        <p class="muted">{shown === null ? 'Nothing waiting on any tracker.' : 'Nothing waiting on the others.'}</p>
      ) : (
        <ol class="rows all-rows">
          {rows.slice(0, limit).map((row) => (
            <AllTrackersRow key={rowKey(row)} row={row} now={now} />
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
