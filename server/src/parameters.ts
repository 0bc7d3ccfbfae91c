import type { User } from './store/types.js';

/** What a logged-out caller may read (5.2). */
const ANONYMOUS = ['maintainer', 'requirelogin'];

/** What any logged-in caller may read (5.2's list, plus the two regexps it adds for them). */
const LOGGED_IN = [
  'allowemailchange',
  'attachment_base',
  'commentonchange_resolution',
  'commentonduplicate',
  'cookiepath',
  'createemailregexp',
  'defaultopsys',
  'defaultplatform',
  'defaultpriority',
  'defaultseverity',
  'duplicate_or_move_bug_status',
  'emailregexp',
  'emailregexpdesc',
  'emailsuffix',
  'letsubmitterchoosemilestone',
  'letsubmitterchoosepriority',
  'mailfrom',
  'maintainer',
  'maxattachmentsize',
  'maxlocalattachment',
  'musthavemilestoneonaccept',
  'noresolveonopenblockers',
  'password_complexity',
  'rememberlogin',
  'requirelogin',
  'search_allow_no_criteria',
  'urlbase',
  'use_see_also',
  'useclassification',
  'usemenuforusers',
  'useqacontact',
  'usestatuswhiteboard',
  'usetargetmilestone',
];

/** Members of this group read every parameter, secrets such as smtp_password included. */
export const PARAMETER_ADMIN_GROUP = 'tweakparams';

/** The parameters `user` may read, sorted by name, with `urlbase` defaulting to the server's own address. */
export function visibleParameters(
  all: Readonly<Record<string, string>>,
  user: User | undefined,
  urlbase: string,
): Record<string, string> {
  const withBase: Record<string, string> = { ...all };
  withBase.urlbase ??= urlbase;
  const names = !user ? ANONYMOUS : user.groups.includes(PARAMETER_ADMIN_GROUP) ? Object.keys(withBase) : LOGGED_IN;
  const visible: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const value = withBase[name];
    if (value !== undefined) visible[name] = value;
  }
  return visible;
}
