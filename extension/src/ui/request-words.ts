import type { BecameYours, FlagChange, FlagRequest, NewAttachment } from '../common/inbox-state.js';
import { relativeTime } from '../common/relative-time.js';
import { shortLogin } from './describe-news.js';

const same = (a: string | null | undefined, b: string | null) =>
  typeof a === 'string' && b !== null && a.toLowerCase() === b.toLowerCase();

/** A person as a row names them: "you", else the login's part before the @ (the whole login is on hover). */
const person = (login: string | null, me: string | null) =>
  login === null ? 'anyone' : same(login, me) ? 'you' : shortLogin(login);

const on = (request: { attachment: FlagRequest['attachment'] }) =>
  request.attachment ? ` of ${request.attachment.name}` : '';

/**
 * A request of the user, as the row opens with it: "needinfo? from you by carol, 2 days ago",
 * "alice asks you for review of fix.patch, 3 hours ago".
 */
export function requestOfYouWords(request: FlagRequest, now: number): string {
  const ago = relativeTime(request.at, now);
  if (request.flag === 'needinfo') return `needinfo? from you by ${shortLogin(request.from)}, ${ago}`;
  return `${shortLogin(request.from)} asks you for ${request.flag}${on(request)}, ${ago}`;
}

/** A request the user made, as "Requests by you" lists it: "review? of dana for fix.patch, asked 3 days ago". */
export function requestByYouWords(request: FlagRequest, now: number): string {
  const whom = request.of === null ? 'of anyone' : `of ${shortLogin(request.of)}`;
  return `${request.flag}? ${whom}${request.attachment ? ` for ${request.attachment.name}` : ''}, asked ${relativeTime(request.at, now)}`;
}

/** A flag others changed: "review+ by bob", "review− by bob", "carol asks dana for feedback", "needinfo cleared by ann". */
export function flagChangeWords(change: FlagChange, me: string | null): string {
  const by = person(change.by, me);
  if (change.status === '+') return `${change.flag}+ by ${by}`;
  if (change.status === '-') return `${change.flag}− by ${by}`;
  if (change.status === 'X') return `${change.flag} cleared by ${by}`;
  const asks = by === 'you' ? 'you ask' : `${by} asks`;
  if (change.of === null) return `${asks} for ${change.flag}`;
  return `${asks} ${person(change.of, me)} for ${change.flag}`;
}

/** What kind of file an attachment is, in a word: "patch", "image", "text", else its type. */
function kind(attachment: NewAttachment): string {
  if (attachment.isPatch) return 'patch';
  const [type, subtype] = attachment.contentType.split('/');
  if (type === 'image' || type === 'text' || type === 'video' || type === 'audio') return type;
  return subtype ?? (attachment.contentType || 'file');
}

/** "new attachment: fix.patch (patch)". */
export const attachmentWords = (attachment: NewAttachment) =>
  `new attachment: ${attachment.name} (${kind(attachment)})`;

/** "new bug filed by carol, assigned to you", "assigned to you by carol", "you are QA contact now, by carol". */
export function becameYoursWords(became: BecameYours): string {
  const role = became.role === 'assignee' ? 'assigned to you' : 'you are its QA contact';
  if (became.filed) return `new bug filed by ${shortLogin(became.by)}, ${role}`;
  return became.role === 'assignee'
    ? `assigned to you by ${shortLogin(became.by)}`
    : `you are QA contact now, by ${shortLogin(became.by)}`;
}
