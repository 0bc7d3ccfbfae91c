import type { EndpointKey } from '@bz-companion/shared';
import {
  PARAMETERS_LOGGED_IN_5_1,
  PARAMETERS_LOGGED_IN_5_2,
  PARAMETERS_LOGGED_IN_CONTRACT,
} from './parameter-lists.js';
import {
  DEFAULT_PROFILE,
  type JsonpCallbackRule,
  type ObjectShapes,
  type Profile,
  type ProfileName,
  type RateLimitPoints,
} from './profile.js';

/*
 * The one place that says how the trackers differ. Sources: the recordings in
 * server/test-data/bugzilla-5.2/. A profile changes only what its tracker
 * does differently; the store, durability and security are the same for all.
 */

const NO_ID_LAST_VISIT: EndpointKey[] = ['GET /rest/bug_user_last_visit', 'POST /rest/bug_user_last_visit'];

/** bugzilla.mozilla.org's own endpoints (its extensions'): no other tracker has them. */
const BMO_ONLY: EndpointKey[] = [
  'GET /rest/webhooks/list',
  'GET /rest/bug/comment/{id}/reactions',
  'PUT /rest/bug/comment/{id}/reactions',
  'POST /rest/bug/comment/render',
  'GET /rest/bmo/triage_owners',
  'GET /rest/bug/possible_duplicates',
  'GET /rest/user/suggest',
  'GET /rest/mydashboard/run_flag_query',
  'GET /rest/review/flag_activity',
  'GET /rest/review/flag_activity/{id}',
  'GET /rest/review/flag_activity/requestee/{id}',
  'GET /rest/review/flag_activity/setter/{id}',
  'GET /rest/review/flag_activity/type_id/{id}',
  'GET /rest/review/flag_activity/type_name/{id}',
  'GET /rest/review/suggestions',
  'GET /rest/review/suggestions/{id}',
  'GET /rest/review/suggestions/{id}/{component}',
  'GET /rest/search/needinfo_last_seen',
  'GET /rest/search/assignee_last_seen',
];

/**
 * Bugzilla never enforces login in the last-visit methods (`$user->login(LOGIN_REQUIRED)`
 * is the login-name accessor), so they follow the instance's `requirelogin` like any method.
 */
const LAST_VISIT_LOGIN_NOT_ENFORCED = {
  'POST /rest/bug_user_last_visit/{id}': 'optional-unless-requirelogin',
  'POST /rest/bug_user_last_visit': 'optional-unless-requirelogin',
  'GET /rest/bug_user_last_visit/{id}': 'optional-unless-requirelogin',
  'GET /rest/bug_user_last_visit': 'optional-unless-requirelogin',
} as const;

/** 5.x and BMO route `^/bug_user_last_visit/(\d+)$`. */
const LAST_VISIT_ID_PATH: ReadonlySet<string> = new Set(['/rest/bug_user_last_visit/{id}']);

/** 5.x's rule (JSONRPC.pm `_bz_callback`): ASCII letters, digits, `_`, `.`, `[` and `]`, with its message. */
const PERL_CALLBACK: JsonpCallbackRule = {
  name: /^[A-Za-z0-9_.[\]]+$/,
  allowed: "only letters, numbers, and the following characters are allowed in the 'callback' parameter: []._",
};

/** The contract's rule: a JavaScript name or dotted path (`cb`, `$jq.done`), never an expression. */
const IDENTIFIER_CALLBACK: JsonpCallbackRule = {
  name: /^[A-Za-z_$][\w$.]*$/,
  allowed:
    "the 'callback' parameter must be a JavaScript name: a letter, '_' or '$', then letters, digits, '_', '$' or '.'.",
};

/** Bugzilla 5.x's objects (and the contract's, which adds whoami's `login`). */
const BUGZILLA_OBJECTS: ObjectShapes = {
  whoami: 'login',
  userNick: false,
  bugAlias: 'list',
  bugDefaultFields: [],
  bugExtraFields: [],
  personalTagsField: true,
  deadline: 'everyone',
  commentExtras: false,
  historyComment: 'row',
  skipPrivate: false,
  componentTriage: false,
  attachmentExtras: false,
  recordsLastSeen: false,
};

/**
 * BMO's objects (Bugzilla/WebService/Bug.pm `_bug_to_hash`, `_translate_comment`,
 * `_changeset_to_hash`, `_user_to_hash`; Bugzilla/WebService/User.pm whoami).
 */
const BMO_OBJECTS: ObjectShapes = {
  whoami: 'nick-groups-uuid',
  userNick: true,
  bugAlias: 'one',
  bugDefaultFields: ['type', 'duplicates', 'mentors', 'comment_count', 'regressed_by', 'regressions'],
  bugExtraFields: [
    'triage_owner',
    'counts',
    'attachments',
    'comments',
    'history',
    'description',
    'filed_via',
    'last_change_time_non_bot',
  ],
  personalTagsField: false,
  deadline: 'time-trackers',
  commentExtras: true,
  historyComment: 'id-and-count',
  skipPrivate: true,
  componentTriage: true,
  attachmentExtras: true,
  recordsLastSeen: true,
};

/** 5.x's `last_audit_time` keeps `Bugzilla::…` class names only. */
const PERL_AUDIT_CLASS = /^Bugzilla(::[a-zA-Z0-9_]+)*$/;

const bzCompanion: Profile = {
  name: 'bz-companion',
  wrongShape: 'error',
  // Our own profile answers JSON to every Accept (the README says so).
  htmlForBrowsers: false,
  rpc: {
    xmlrpc: true,
    jsonrpc: true,
    jsonRpcDocumentation: 'https://bugzilla.readthedocs.io/en/5.2/api/Bugzilla/WebService/Server/JSONRPC.html',
  },
  missing: new Set(BMO_ONLY),
  auth: {},
  digitsOnlyIds: new Set(),
  documentationUrl: 'https://bugzilla.readthedocs.io/en/5.2/api/index.html',
  // A dead token is 32000 as in 5.2; BMO alone gives it a code.
  codes: { userNotInvolved: 1300, invalidToken: 32000 },
  credentials: {
    headers: 'before-params',
    bearer: true,
    shortNameWins: false,
    cookieTokenOnWrite: false,
    repeatedIsList: false,
    unknownLoginsLockOut: true,
  },
  lastVisit: {
    involvement: 'when-strict-setting',
    read: 'contract',
    list: 'recent',
    answeredId: 'bug',
    pathIdReplacesQueryIds: false,
    perlMerge: false,
  },
  parametersLoggedIn: PARAMETERS_LOGGED_IN_CONTRACT,
  auditClass: /^(Bugzilla|Tracker)(::\w+)*$/,
  fieldsFromBody: false,
  ownMethodsOnly: false,
  corsAllowHeaders: undefined,
  untypedBodyIsForm: false,
  jsonpCallback: IDENTIFIER_CALLBACK,
  defaultVersion: '5.2',
  rateLimits: undefined,
  needinfoWrites: false,
  bmoSearch: false,
  blockedRequestees: false,
  objects: BUGZILLA_OBJECTS,
  attachmentFlags: 'numbers',
};

const bugzilla52: Profile = {
  name: 'bugzilla-5.2',
  wrongShape: 'perl-dies',
  htmlForBrowsers: true,
  // 5.0-5.2 serve both (XML-RPC when XMLRPC::Lite is installed, as on the recorded 5.2).
  rpc: {
    xmlrpc: true,
    jsonrpc: true,
    jsonRpcDocumentation: 'https://bugzilla.readthedocs.org/en/5.2/api/Bugzilla/WebService/Server/JSONRPC.html',
  },
  missing: new Set<EndpointKey>(['GET /rest/whoami', 'PUT /rest/bug', ...NO_ID_LAST_VISIT, ...BMO_ONLY]),
  auth: LAST_VISIT_LOGIN_NOT_ENFORCED,
  digitsOnlyIds: LAST_VISIT_ID_PATH,
  documentationUrl: 'https://bugzilla.readthedocs.org/en/5.0/api/',
  // Neither error has a code of its own in 5.2: unmapped user errors are 32000.
  codes: { userNotInvolved: 32000, invalidToken: 32000 },
  credentials: {
    headers: 'ignored',
    bearer: false,
    shortNameWins: true,
    cookieTokenOnWrite: true,
    repeatedIsList: true,
    unknownLoginsLockOut: false,
  },
  lastVisit: {
    involvement: 'always',
    read: 'crash',
    // Only BugUserLastVisit.get over RPC lists (5.2 has no such REST route): every row, as created (rpc.json #86).
    list: 'all-rows',
    answeredId: 'bug',
    pathIdReplacesQueryIds: false,
    perlMerge: true,
  },
  parametersLoggedIn: PARAMETERS_LOGGED_IN_5_2,
  auditClass: PERL_AUDIT_CLASS,
  fieldsFromBody: true,
  // Recorded: HEAD /rest/version is 404 with an empty body; OPTIONS lists GET, POST only.
  ownMethodsOnly: true,
  // 5.2's REST.pm: a page cannot send the API key header cross-origin (it would be ignored anyway).
  corsAllowHeaders: 'origin, content-type, accept, x-requested-with',
  untypedBodyIsForm: true,
  jsonpCallback: PERL_CALLBACK,
  defaultVersion: '5.2',
  rateLimits: undefined,
  needinfoWrites: false,
  bmoSearch: false,
  blockedRequestees: false,
  objects: BUGZILLA_OBJECTS,
  attachmentFlags: 'numbers',
};

const bugzilla51: Profile = {
  ...bugzilla52,
  name: 'bugzilla-5.1',
  missing: new Set<EndpointKey>(['PUT /rest/bug', ...NO_ID_LAST_VISIT, ...BMO_ONLY]),
  documentationUrl: 'https://bugzilla.readthedocs.org/en/latest/api/',
  codes: { userNotInvolved: 1300, invalidToken: 32000 },
  credentials: {
    headers: 'after-params',
    bearer: false,
    shortNameWins: true,
    cookieTokenOnWrite: false,
    repeatedIsList: true,
    unknownLoginsLockOut: false,
  },
  lastVisit: { ...bugzilla52.lastVisit, read: 'unresolved-ids' },
  parametersLoggedIn: PARAMETERS_LOGGED_IN_5_1,
  // master's REST layer refuses such a POST instead (32613), which is not reproduced.
  ownMethodsOnly: false,
  corsAllowHeaders: undefined,
  untypedBodyIsForm: false,
  defaultVersion: '5.1.2',
  attachmentFlags: 'booleans',
};

/**
 * BMO's callers of Bugzilla->check_rate_limit: Bug.get, Bug.comments and Bug.attachments when
 * logged out (Bugzilla/WebService/Bug.pm), a bad API key (Bugzilla/Auth/Login/APIKey.pm), a bug
 * page logged out (show_bug.cgi).
 */
const BMO_RATE_LIMITS: RateLimitPoints = {
  anonymousMethods: {
    'GET /rest/bug/{id}': 'get_bug',
    'GET /rest/bug/': 'get_bug',
    'GET /rest/bug/{id}/comment': 'get_comments',
    'GET /rest/bug/comment/{id}': 'get_comments',
    'GET /rest/bug/{id}/attachment': 'get_attachments',
    'GET /rest/bug/attachment/{id}': 'get_attachments',
  },
  badApiKey: 'api_key_mismatch',
  anonymousBugPage: 'show_bug',
};

const bmo: Profile = {
  name: 'bmo',
  wrongShape: 'perl-dies',
  // BMO's REST server has no HTML page: text/html is not in its REST_CONTENT_TYPE_WHITELIST
  // (Bugzilla/WebService/Constants.pm), so a browser gets JSON.
  htmlForBrowsers: false,
  // BMO removed XML-RPC (commit 93aa9296f, 2026-08-03) and then JSON-RPC (9c2e16d5c, 2026-08-04):
  // its routes are made only for the *.cgi files present (Bugzilla/App/Controller/CGI.pm).
  rpc: {
    xmlrpc: false,
    jsonrpc: false,
    jsonRpcDocumentation: 'https://bmo.readthedocs.io/en/latest/api/Bugzilla/WebService/Server/JSONRPC.html',
  },
  // No /parameters, /last_audit_time (REST/Resources/Bugzilla.pm); `^/bug$` is GET and POST only
  // (REST/Resources/Bug.pm), so there is no PUT /rest/bug.
  missing: new Set<EndpointKey>(['GET /rest/parameters', 'GET /rest/last_audit_time', 'PUT /rest/bug']),
  auth: LAST_VISIT_LOGIN_NOT_ENFORCED,
  // BMO routes `^/bug/comment/(\d+)$` (REST/Resources/Bug.pm) besides the last-visit path.
  digitsOnlyIds: new Set([...LAST_VISIT_ID_PATH, '/rest/bug/comment/{id}']),
  documentationUrl: 'https://bmo.readthedocs.io/en/latest/api/',
  codes: { userNotInvolved: 32000, invalidToken: 307 },
  // BMO's REST cookie login also needs a valid Bugzilla_api_token, which nothing here issues.
  credentials: {
    headers: 'before-params',
    bearer: false,
    shortNameWins: false,
    cookieTokenOnWrite: false,
    repeatedIsList: true,
    unknownLoginsLockOut: false,
  },
  // A bug the caller cannot see is refused (102) and nothing of the batch is written: BMO's
  // Bug->check runs check_is_visible before its `next unless can_see_bug` line
  // (Bugzilla/WebService/BugUserLastVisit.pm, Bugzilla/Bug.pm).
  lastVisit: {
    involvement: 'never',
    read: 'stored-rows',
    list: 'all-rows',
    answeredId: 'as-sent',
    pathIdReplacesQueryIds: true,
    perlMerge: true,
  },
  parametersLoggedIn: PARAMETERS_LOGGED_IN_5_2,
  auditClass: PERL_AUDIT_CLASS,
  fieldsFromBody: true,
  ownMethodsOnly: false,
  corsAllowHeaders: undefined,
  untypedBodyIsForm: false,
  jsonpCallback: PERL_CALLBACK,
  defaultVersion: '20260820.1',
  rateLimits: BMO_RATE_LIMITS,
  needinfoWrites: true,
  bmoSearch: true,
  blockedRequestees: true,
  objects: BMO_OBJECTS,
  attachmentFlags: 'numbers',
};

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'bz-companion': bzCompanion,
  'bugzilla-5.2': bugzilla52,
  'bugzilla-5.1': bugzilla51,
  bmo,
};

/** The profile an instance runs: the one asked for, else the data's, else the default. */
export function chooseProfile(requested: ProfileName | undefined, fromData: ProfileName | undefined): Profile {
  return PROFILES[requested ?? fromData ?? DEFAULT_PROFILE];
}
