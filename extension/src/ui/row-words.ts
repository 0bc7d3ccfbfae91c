import type { InboxRow } from '../common/inbox-rows.js';
import { REASON_LABELS } from '../common/inbox-state.js';
import { changeWords } from './change-words.js';
import { describeNews, shortLogin } from './describe-news.js';
import { attachmentWords, becameYoursWords, flagChangeWords, requestOfYouWords } from './request-words.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * What needs the user on a bug, in words, first on its row: each request of them (oldest first),
 * how the bug became theirs, and whether new comments name them. Empty when nothing does.
 */
export function needsWords(bug: InboxRow['bug'], now: number): string[] {
  const inbox = bug.inbox;
  if (!inbox) return [];
  return [
    ...(inbox.requests ?? []).map((request) => requestOfYouWords(request, now)),
    ...(inbox.becameYours ? [becameYoursWords(inbox.becameYours)] : []),
    ...(inbox.mentions
      ? [inbox.mentions === 1 ? 'a new comment mentions you' : `${inbox.mentions} new comments mention you`]
      : []),
  ];
}

/**
 * What changed, in words, for a row, a popup row or a notification: "Priority Low → Highest",
 * "review+ by bob", "new attachment: fix.patch (patch)", "2 new comments: “…”". A request of the
 * user is said by `needsWords`, and an attachment's or a new bug's own comment is not counted again.
 */
export function rowWords(bug: InboxRow['bug'], me: string | null = null): string[] {
  const news = bug.news;
  if (!news) return [];
  const inbox = bug.inbox;
  if (!inbox) return [describeNews(news)];
  const flags = (inbox.flagChanges ?? [])
    .filter((change) => !(change.status === '?' && same(change.of, me)))
    .map((change) => flagChangeWords(change, me));
  const attachments = inbox.newAttachments ?? [];
  const filed = inbox.becameYours?.filed === true;
  const words = [...inbox.changes.map(changeWords), ...flags, ...attachments.map(attachmentWords)];
  const comments = news.comments - attachments.length - (filed ? 1 : 0);
  if (comments > 0) {
    const count = plural(comments, 'new comment', 'new comments');
    words.push(inbox.firstComment ? `${count}: “${inbox.firstComment}”` : count);
  } else if (filed && inbox.firstComment) words.push(`“${inbox.firstComment}”`);
  if (words.length === 0 && news.changes > 0 && !filed) words.push(plural(news.changes, 'change', 'changes'));
  return words;
}

/** The reason chips: each reason (a flag's request is said in words, not as a chip). */
export function reasonChips(bug: InboxRow['bug']): string[] {
  const inbox = bug.inbox;
  if (!inbox) return [REASON_LABELS.visited];
  const reasons = inbox.reasons.filter((reason) => reason !== 'flag' || (inbox.requests ?? inbox.flags).length === 0);
  return [...reasons.map((reason) => REASON_LABELS[reason]), ...(inbox.requests ? [] : inbox.flags)];
}

export const who = (bug: InboxRow['bug']) => (bug.news?.latest ? shortLogin(bug.news.latest.who) : null);
