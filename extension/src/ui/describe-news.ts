import type { BugNews } from '../common/news-state.js';

export const hasNews = (news: BugNews | null): news is BugNews => news !== null && news.comments + news.changes > 0;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 new comments and 1 change", "1 new comment", "2 changes". */
export function describeNews(news: BugNews): string {
  const parts: string[] = [];
  if (news.comments > 0) parts.push(plural(news.comments, 'new comment', 'new comments'));
  if (news.changes > 0) parts.push(plural(news.changes, 'change', 'changes'));
  return parts.join(' and ');
}

/** The popup's tooltip: what the news is, field by field. */
export function newsTooltip(news: BugNews): string {
  const fields = news.fields.length > 0 ? ` (${news.fields.join(', ')})` : '';
  return `${describeNews(news)}${news.changes > 0 ? fields : ''}`;
}

/** A login as a row shows it: the part before the @ (the whole login is on hover). */
export const shortLogin = (login: string) => login.split('@')[0] || login;

/**
 * What happened and who did it, for a compact row: "2 new comments, status →
 * RESOLVED, by omar". Older kept news without a `latest` says what only.
 */
export function newsLine(news: BugNews): string {
  const parts = [describeNews(news)];
  if (news.statusTo) parts.push(`status → ${news.statusTo}`);
  const by = news.latest ? `, by ${shortLogin(news.latest.who)}` : '';
  return `${parts.join(', ')}${by}`;
}
