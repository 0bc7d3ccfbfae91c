/**
 * What a logged-in user (not in tweakparams) may read of `GET /rest/parameters`,
 * per tracker. Anonymous callers read `maintainer` and `requirelogin` everywhere.
 */

/** 5.2's PARAMETERS_LOGGED_IN (Bugzilla/WebService/Bugzilla.pm), 31 names, confirmed live. */
export const PARAMETERS_LOGGED_IN_5_2 = [
  'allowemailchange',
  'attachment_base',
  'commentonchange_resolution',
  'commentonduplicate',
  'cookiepath',
  'defaultopsys',
  'defaultplatform',
  'defaultpriority',
  'defaultseverity',
  'duplicate_or_move_bug_status',
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
] as const;

/** The contract's list: 5.2's plus the two regexps a client needs to check logins before sending them. */
export const PARAMETERS_LOGGED_IN_CONTRACT = [...PARAMETERS_LOGGED_IN_5_2, 'createemailregexp', 'emailregexp'].sort();

/** Master's REST layer (Bugzilla/API/1_0/Resource/Bugzilla.pm): 5.2's less three, plus use_email_as_login. */
export const PARAMETERS_LOGGED_IN_5_1 = [
  ...PARAMETERS_LOGGED_IN_5_2.filter(
    (name) => name !== 'cookiepath' && name !== 'emailsuffix' && name !== 'musthavemilestoneonaccept',
  ),
  'use_email_as_login',
].sort();
