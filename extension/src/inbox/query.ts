import type { InboxRow } from '../common/inbox-rows.js';
import { REASON_LABELS } from '../common/inbox-state.js';
import { fieldLabel } from '../ui/change-words.js';

/** The prefixes the search box takes: `reason:review`, `tracker:core`, `from:carol`, `field:priority`. */
const PREFIXES = ['reason', 'tracker', 'from', 'field'] as const;
type Prefix = (typeof PREFIXES)[number];

/** What was typed in the search box: words for anywhere, and words for one side of a row. */
export interface Query {
  words: string[];
  by: Partial<Record<Prefix, string[]>>;
}

/** "from:carol reason:review crash" → words ["crash"], by {from: ["carol"], reason: ["review"]}; letter case ignored. */
export function parseQuery(text: string): Query {
  const query: Query = { words: [], by: {} };
  for (const token of text.toLowerCase().split(/\s+/).filter(Boolean)) {
    const colon = token.indexOf(':');
    const prefix = colon > 0 ? (token.slice(0, colon) as Prefix) : null;
    const value = colon > 0 ? token.slice(colon + 1) : token;
    if (prefix && PREFIXES.includes(prefix) && value !== '') query.by[prefix] = [...(query.by[prefix] ?? []), value];
    else query.words.push(token);
  }
  return query;
}

/** A row's text on each side the search reads, in lower case. */
function sides(row: InboxRow): Record<Prefix | 'summary', string> {
  const inbox = row.bug.inbox;
  const people = [
    row.bug.news?.latest?.who,
    ...(inbox?.requests ?? []).map((request) => request.from),
    ...(inbox?.flagChanges ?? []).map((change) => change.by),
    ...(inbox?.newAttachments ?? []).map((attachment) => attachment.by),
    inbox?.becameYours?.by,
  ];
  const reasons = [
    ...(inbox?.reasons ?? ['visited']).map((reason) => `${reason} ${REASON_LABELS[reason]}`),
    ...(inbox?.requests ?? []).map((request) => `${request.flag} request`),
    row.needs ? `needs ${row.needs.why}` : '',
    inbox?.becameYours ? 'assigned new' : '',
    inbox?.mentions ? 'mention' : '',
  ];
  const fields = (inbox?.changes ?? []).map((change) => `${change.field} ${fieldLabel(change.field)}`);
  return {
    summary: `${row.bug.summary ?? ''} ${row.bug.id}`.toLowerCase(),
    reason: reasons.join(' ').toLowerCase(),
    tracker: row.label.toLowerCase(),
    from: people.filter(Boolean).join(' ').toLowerCase(),
    field: fields.join(' ').toLowerCase(),
  };
}

/** Whether a row has every word (in its summary, people, reasons or changed fields) and each prefixed word on its side. */
export function matchesQuery(row: InboxRow, query: Query): boolean {
  if (query.words.length === 0 && Object.keys(query.by).length === 0) return true;
  const text = sides(row);
  const anywhere = `${text.summary} ${text.reason} ${text.tracker} ${text.from} ${text.field}`;
  if (!query.words.every((word) => anywhere.includes(word))) return false;
  return PREFIXES.every((prefix) => (query.by[prefix] ?? []).every((word) => text[prefix].includes(word)));
}
