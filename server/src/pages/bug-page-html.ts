import { formatBugzillaTime } from '@bz-companion/shared';
import { canSeeChange, canSeeComment, type HistoryViewer } from '../bugzilla/access.js';
import type { Store } from '../bugzilla/store/store.js';
import type { Bug } from '../bugzilla/types.js';
import { customFieldRows } from './custom-field-html.js';
import { escapeHtml } from './escape-html.js';

/** The pages are read logged out. */
const LOGGED_OUT: HistoryViewer = { insider: false, timeTracker: false };

const when = (seconds: number) =>
  formatBugzillaTime(seconds * 1000)
    .replace('T', ' ')
    .replace('Z', ' UTC');

/**
 * The body of a demo bug page, for a bug a logged-out visitor may see: summary, fields, the
 * comments with Bugzilla's `id="cN"` anchors (N = the comment's count) and the history.
 */
export async function bugPageBody(bug: Bug, store: Store): Promise<string> {
  const aliases = bug.aliases.length ? ` <span class="alias">(${escapeHtml(bug.aliases.join(', '))})</span>` : '';
  const title = `<h1 id="bug-title" data-bug-id="${bug.id}">Bug ${bug.id}${aliases}</h1>`;
  const footer = '<p><a href="./">All bugs</a></p>';
  const [bugComments, bugHistory] = await Promise.all([store.commentsOf(bug.id), store.historyOf(bug.id)]);
  const people = [bug.assignedTo, bug.reporter, ...bugComments.map((c) => c.author), ...bugHistory.map((s) => s.who)];
  const logins = new Map<number, string>();
  for (const id of new Set(people)) if (id !== null) logins.set(id, (await store.userById(id))?.login ?? '');
  const login = (id: number | null) => escapeHtml(id === null ? '' : (logins.get(id) ?? ''));
  const f = bug.fields;
  const status = escapeHtml(f.resolution ? `${f.status} ${f.resolution}` : f.status);
  const comments = bugComments
    .map((comment, count) => ({ comment, count }))
    .filter(({ comment }) => canSeeComment(false, comment))
    .map(
      ({ comment, count }) => `<article class="comment" id="c${count}">
<header><a href="#c${count}">${count === 0 ? 'Description' : `Comment ${count}`}</a> by ${login(comment.author)} <time datetime="${formatBugzillaTime(comment.time * 1000)}">${when(comment.time)}</time></header>
<pre>${escapeHtml(comment.text)}</pre>
</article>`,
    )
    .join('\n');
  const history = bugHistory
    .flatMap((set) =>
      set.changes
        .filter((change) => canSeeChange(LOGGED_OUT, change))
        .map(
          (change) =>
            `<tr><td>${login(set.who)}</td><td>${when(set.when)}</td><td>${escapeHtml(change.field_name)}</td><td>${escapeHtml(change.removed)}</td><td>${escapeHtml(change.added)}</td></tr>`,
        ),
    )
    .join('\n');
  return `${title}
<h2 id="summary">${escapeHtml(f.summary)}</h2>
<dl class="fields">
<dt>Status</dt><dd>${status}</dd>
<dt>Product</dt><dd>${escapeHtml(`${f.product} / ${f.component}`)}</dd>
<dt>Priority</dt><dd>${escapeHtml(`${f.priority} ${f.severity}`)}</dd>
<dt>Assigned to</dt><dd>${login(bug.assignedTo)}</dd>
<dt>Reported</dt><dd>${when(f.creation_time)} by ${login(bug.reporter)}</dd>
<dt>Modified</dt><dd>${when(f.last_change_time)}</dd>
${customFieldRows(bug, store.catalogue)}
</dl>
<section id="comments">
${comments}
</section>
<section id="history"><h2>History</h2>
<table><thead><tr><th>Who</th><th>When</th><th>What</th><th>Removed</th><th>Added</th></tr></thead>
<tbody>
${history}
</tbody></table></section>
${footer}`;
}
