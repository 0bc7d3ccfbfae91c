import { type HistoryEntry, parseBugzillaTime } from '@bz-companion/shared';
import type { FieldChange } from '../common/inbox-state.js';
import type { BugNews } from '../common/news-state.js';

/** Bugzilla's field names as its own bug page labels them. */
const FIELD_LABELS: Record<string, string> = {
  bug_status: 'Status',
  status: 'Status',
  resolution: 'Resolution',
  priority: 'Priority',
  bug_severity: 'Severity',
  severity: 'Severity',
  assigned_to: 'Assignee',
  qa_contact: 'QA contact',
  short_desc: 'Summary',
  summary: 'Summary',
  product: 'Product',
  component: 'Component',
  version: 'Version',
  target_milestone: 'Target milestone',
  keywords: 'Keywords',
  cc: 'CC',
  flagtypes_name: 'Flags',
  flag: 'Flags',
  dependson: 'Depends on',
  depends_on: 'Depends on',
  blocked: 'Blocks',
  blocks: 'Blocks',
  status_whiteboard: 'Whiteboard',
  whiteboard: 'Whiteboard',
  bug_file_loc: 'URL',
  url: 'URL',
  op_sys: 'OS',
  rep_platform: 'Hardware',
  platform: 'Hardware',
  see_also: 'See also',
  attachments_isobsolete: 'Attachment obsolete',
  'flagtypes.name': 'Flags',
  'attachments.isobsolete': 'Attachment obsolete',
  'attachments.description': 'Attachment description',
  'attachments.filename': 'Attachment file name',
  'attachments.ispatch': 'Attachment is a patch',
  'attachments.mimetype': 'Attachment type',
  'attachments.isprivate': 'Attachment private',
  'attachments.submitter': 'Attachment creator',
  longdescs: 'Comments',
  'longdescs.isprivate': 'Comment private',
  dup_id: 'Duplicate of',
  everconfirmed: 'Ever confirmed',
  estimated_time: 'Original estimate',
  remaining_time: 'Hours left',
  work_time: 'Hours worked',
  deadline: 'Deadline',
  alias: 'Alias',
};

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  // A field no table names (a custom one, a tracker's own): its words, never its internal name.
  const words = field.replace(/^cf_/, '').replace(/[._]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each field changed by others after `since`, once: what it was before the
 * first of those changes and what it is after the last ("Priority Low →
 * Highest"). A field changed back to what it was is left out.
 */
export function fieldChanges(history: readonly HistoryEntry[], since: number, isOthers: (who: string) => boolean) {
  const byField = new Map<string, FieldChange>();
  for (const entry of history) {
    if (parseBugzillaTime(entry.when) <= since || !isOthers(entry.who)) continue;
    for (const change of entry.changes) {
      const known = byField.get(change.field_name);
      if (known) known.to = change.added;
      else byField.set(change.field_name, { field: change.field_name, from: change.removed, to: change.added });
    }
  }
  return [...byField.values()].filter((change) => change.from !== change.to);
}

/** One change in words: "Priority Low → Highest", "Keywords + regression", "Assignee → omar". */
export function changeWords(change: FieldChange): string {
  const label = fieldLabel(change.field);
  if (change.from === '') return `${label} + ${change.to}`;
  if (change.to === '') return `${label} − ${change.from}`;
  return `${label} ${change.from} → ${change.to}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** At most this many characters of a comment's opening words. */
const OPENING_WORDS = 80;

/** A comment's opening words on one line, cut at a word and marked so. */
export function openingWords(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= OPENING_WORDS) return line;
  const cut = line.slice(0, OPENING_WORDS);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > 40 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * Everything that changed in words, for a row or a notification:
 * `["Priority Low → Highest", "2 new comments: “Confirmed, the writer…”"]`.
 */
export function whatChangedWords(
  news: Pick<BugNews, 'comments' | 'changes'>,
  changes: readonly FieldChange[],
  firstComment: string | null,
): string[] {
  const words = changes.map(changeWords);
  if (news.comments > 0) {
    const count = plural(news.comments, 'new comment', 'new comments');
    words.push(firstComment ? `${count}: “${firstComment}”` : count);
  }
  if (words.length === 0 && news.changes > 0) words.push(plural(news.changes, 'change', 'changes'));
  return words;
}
