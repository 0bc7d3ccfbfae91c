import { afterRead, type Read } from '../read.js';
import type { Store } from '../store/store.js';
import type { User } from '../types.js';
import { nickOf } from './bmo-nick.js';

/** BMO's `LIMIT 25`. */
const SUGGESTIONS = 25;

const startsWith = (value: string, prefix: string) => value.toLowerCase().startsWith(prefix);

/** MySQL's full-text prefix match of the real name, as sql_prefix_match_fulltext asks it: each word begins one of its words. */
function realNameMatches(user: User, words: readonly string[]): boolean {
  const own = user.realName.toLowerCase().split(/[^\p{L}\p{N}_]+/u);
  return words.every((word) => own.some((part) => part.startsWith(word)));
}

/**
 * Whether BMO's User.suggest finds the user for `match` (Bugzilla/WebService/User.pm suggest, on
 * MySQL as BMO runs): `:nick` or `@nick` by nick prefix; text with `@` by login prefix; text with a
 * space or a non-ASCII letter by the real name's words; text beginning with a capital by those, the
 * nick or the login; any other by nick or login prefix. Letter case never matters (MySQL's collation).
 */
function suggested(user: User, match: string): boolean {
  if (user.disabled) return false;
  const text = match.toLowerCase();
  const nick = /^[:@](.+)$/s.exec(text)?.[1];
  if (nick !== undefined) return startsWith(nickOf(user), nick);
  if (text.includes('@')) return startsWith(user.login, text);
  const words = text.split(/\s+/).filter((word) => word !== '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII's range is what BMO's [[:ascii:]] names.
  if (/\s/.test(match) || /[^\x00-\x7f]/.test(match)) return realNameMatches(user, words);
  const byNickOrLogin = startsWith(nickOf(user), text) || startsWith(user.login, text);
  return byNickOrLogin || (/^\p{Lu}/u.test(match) && realNameMatches(user, words));
}

/**
 * The users BMO's User.suggest answers for a trimmed `match` of three characters or more: those
 * enabled that it finds, at most 25. BMO orders them by their last activity, which no store keeps
 * here: they come by id. The store is asked for the users whose login or real name holds the text's
 * first word (every user suggested does), then BMO's rules choose among them.
 */
export function suggestUsers(store: Store, match: string): Read<User[]> {
  const core = match.replace(/^[:@]/, '').split(/\s+/)[0]?.toLowerCase() ?? '';
  const candidates = store.matchUsers({ kind: 'substring', text: core, includeDisabled: false, limit: null });
  return afterRead(candidates, (users) => users.filter((user) => suggested(user, match)).slice(0, SUGGESTIONS));
}
