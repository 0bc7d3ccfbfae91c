import type { InboxRow } from '../common/inbox-rows.js';
import { REASON_LABELS } from '../common/inbox-state.js';
import { whatChangedWords } from './change-words.js';
import { describeNews, shortLogin } from './describe-news.js';

/** What changed, in words, for a row, a popup row or a notification: "Priority Low → Highest · 2 new comments: “…”". */
export function rowWords(bug: InboxRow['bug']): string[] {
  const news = bug.news;
  if (!news) return [];
  if (!bug.inbox) return [describeNews(news)];
  return whatChangedWords(news, bug.inbox.changes, bug.inbox.firstComment);
}

/** The reason chips: each reason, and each flag requested of the user by name ("needinfo?"). */
export function reasonChips(bug: InboxRow['bug']): string[] {
  const inbox = bug.inbox;
  if (!inbox) return [REASON_LABELS.visited];
  const reasons = inbox.reasons.filter((reason) => reason !== 'flag' || inbox.flags.length === 0);
  return [...reasons.map((reason) => REASON_LABELS[reason]), ...inbox.flags];
}

export const who = (bug: InboxRow['bug']) => (bug.news?.latest ? shortLogin(bug.news.latest.who) : null);
