import { createHmac } from 'node:crypto';
import type { User } from '../types.js';

/**
 * BMO's Bugzilla::Util::extract_nicks: the `:nick` words of a real name (`Dana Dev [:dana]`), a colon
 * not after a digit (so `10:30` is none) followed by letters, digits, `|`, `.`, `_` or `-`.
 */
function extractNicks(realName: string): string[] {
  return [...realName.matchAll(/(?<!\d):([\p{L}\p{N}|._-]+)\b/gu)].map((match) => match[1] as string);
}

/**
 * BMO's Bugzilla::User::nick: the first nick of the real name, else the login's part before `@`.
 * (BMO stores the nick when the name is set and leaves it empty when another account has it
 * already; here it is read from the name as it is, so two accounts may share one.)
 */
export function nickOf(user: Pick<User, 'realName' | 'login'>): string {
  return extractNicks(user.realName)[0] ?? (user.login.split('@')[0] as string);
}

/**
 * whoami's `uuid` (Bugzilla/WebService/User.pm): `bmo-who:` and the HMAC-SHA1 of the user's id,
 * keyed by the site-wide secret, so other systems can tell users apart without learning who they
 * are. The secret is the instance's `site_wide_secret` parameter where it has one.
 */
export function whoUuid(userId: number, siteWideSecret: string): string {
  return `bmo-who:${createHmac('sha1', siteWideSecret).update(String(userId)).digest('hex')}`;
}
