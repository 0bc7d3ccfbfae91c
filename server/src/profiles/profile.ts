import type { EndpointKey } from '@bz-companion/shared';
import type { AuthPolicy } from './auth-policy.js';

import type { ProfileName } from './profile-names.js';

export { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES, type ProfileName } from './profile-names.js';

/** Where a tracker looks for credentials, and which one wins when a request sends several. */
export interface CredentialRules {
  /**
   * The X-BUGZILLA-API-KEY / -TOKEN / -LOGIN / -PASSWORD headers: never read (5.2),
   * read only where the query and body have none of that kind (5.1), or read first (BMO).
   */
  headers: 'ignored' | 'after-params' | 'before-params';
  /** `Authorization: Bearer <key>` counts as an API key header (Red Hat's; bz-companion accepts it). */
  bearer: boolean;
  /**
   * When both `Bugzilla_api_key` and `api_key` (or `Bugzilla_token` and `token`) are sent:
   * 5.x copies the short name over the long one; BMO and the contract keep the long one.
   */
  shortNameWins: boolean;
  /** The `Bugzilla_login` + `Bugzilla_logincookie` cookies authenticate a POST (5.2's browser session). */
  cookieTokenOnWrite: boolean;
  /**
   * A credential parameter sent twice becomes a Perl list, which reads as the
   * text `ARRAY(0x…)`: a key that matches nothing (306). The contract takes the first value.
   */
  repeatedIsList: boolean;
  /**
   * A login no account has is counted and locked out as a real one is, so answers never tell which
   * logins exist (bz-companion's hardening); Bugzilla counts failures of real accounts only
   * (User::note_login_failure needs a user) and answers 300 to every attempt of any other login.
   */
  unknownLoginsLockOut: boolean;
}

export interface LastVisitRules {
  /** Who may record a visit of a bug they can see: its involved users (5.x), anyone (BMO), or as `strict_involvement` says. */
  involvement: 'always' | 'when-strict-setting' | 'never';
  /** `GET .../{id}[?ids]`: the contract's answer, 5.2's crash, master's (ids not resolved), or BMO's stored rows. */
  read: 'contract' | 'crash' | 'unresolved-ids' | 'stored-rows';
  /** `GET` without ids: the 20 most recent (contract) or every stored row by row id (5.2's RPC, BMO). */
  list: 'recent' | 'all-rows';
  /** The id answered by an update: the bug's own (an alias becomes its number) or Perl's int() of what was sent (BMO: an alias is 0). */
  answeredId: 'bug' | 'as-sent';
  /** The path id is a scalar that replaces any query `ids` (BMO) rather than a list merged with them. */
  pathIdReplacesQueryIds: boolean;
  /**
   * Perl's parameter merge: body `ids: null` is a null id, form-field ids join the path id,
   * and a POST's query `ids` (first value) override path and body.
   */
  perlMerge: boolean;
}

/**
 * Where a tracker counts calls against its rate limits (the callers of BMO's
 * Bugzilla->check_rate_limit), each by the name of its rule in `rate_limit_rules`.
 */
export interface RateLimitPoints {
  /** Methods an anonymous caller is limited in (Bugzilla/WebService/Bug.pm get, comments, attachments). */
  anonymousMethods: Partial<Record<EndpointKey, string>>;
  /** An API key that matches none (Bugzilla/Auth/Login/APIKey.pm). */
  badApiKey: string;
  /** A bug page viewed logged out (show_bug.cgi). */
  anonymousBugPage: string;
}

/** The fields BMO adds to a bug (Bugzilla/WebService/Bug.pm `_bug_to_hash`): given by default. */
export type BmoDefaultBugField = 'type' | 'duplicates' | 'mentors' | 'comment_count' | 'regressed_by' | 'regressions';
/** ... and given only when asked for (`_extra`, or by name). */
export type BmoExtraBugField =
  | 'triage_owner'
  | 'counts'
  | 'attachments'
  | 'comments'
  | 'history'
  | 'description'
  | 'filed_via'
  | 'last_change_time_non_bot';

/** What a tracker's objects carry, where BMO's differ from 5.2's (each read from its Bugzilla/WebService/*.pm). */
export interface ObjectShapes {
  /** whoami: the contract's `{id, name, real_name, login}`, or BMO's `{id, real_name, nick, name, mfa_status, groups, uuid}` (User.pm whoami). */
  whoami: 'login' | 'nick-groups-uuid';
  /** `nick` in every user detail object and in User.get, with User.get's `last_seen_date` and `creation_time` (BMO's `_user_to_hash`). */
  userNick: boolean;
  /** A bug's alias: all its aliases as a list (5.1+), or its one alias or null (BMO's `bugs.alias` column), in every answer. */
  bugAlias: 'list' | 'one';
  /** The fields BMO adds to a bug; none for 5.x. */
  bugDefaultFields: readonly BmoDefaultBugField[];
  bugExtraFields: readonly BmoExtraBugField[];
  /** The caller's own `tags` as a bug's extra field (5.2); BMO has no such field. */
  personalTagsField: boolean;
  /** A bug's `deadline`: shown to everyone (5.2), or, as the hours, to time trackers only (BMO). */
  deadline: 'everyone' | 'time-trackers';
  /** A comment's `author`, `raw_text` and `reactions` besides 5.2's fields (BMO's `_translate_comment`). */
  commentExtras: boolean;
  /** A history change about a comment: 5.2's database row of it (insiders only), or BMO's `comment_id` and `comment_count`. */
  historyComment: 'row' | 'id-and-count';
  /** Bug.comments and Bug.history take `skip_private`: a bug the caller cannot see (or none such) is left out (BMO). */
  skipPrivate: boolean;
  /** Product.get's components carry BMO's `triage_owner` and `default_bug_type` (Bugzilla/WebService/Product.pm). */
  componentTriage: boolean;
  /** An attachment also carries BMO's `description`, `attacher` and `creator_detail` (its `_attachment_to_hash`). */
  attachmentExtras: boolean;
  /**
   * A logged-in call records the day in the user's `last_seen_date` (Bugzilla.pm login's
   * update_last_seen_date). 5.x does so too, but nothing of its API reads it; BMO's User.get does.
   */
  recordsLastSeen: boolean;
}

export interface JsonpCallbackRule {
  name: RegExp;
  /** Ends the refusal's sentence "For security reasons, …". */
  allowed: string;
}

/** Everything that differs between the trackers; every route reads its behaviour from here. */
export interface Profile {
  name: ProfileName;
  /** A browser's Accept (text/html first) gets the answer as Bugzilla 5.x's HTML page (REST.pm, rest.html.tmpl). */
  htmlForBrowsers: boolean;
  /** The RPC protocols the tracker serves beside REST: `/xmlrpc.cgi` (XML-RPC) and `/jsonrpc.cgi` (JSON-RPC). */
  rpc: {
    xmlrpc: boolean;
    jsonrpc: boolean;
    /** Where a JSON-RPC GET without a method is sent to read (the tracker's docs_urlbase). */
    jsonRpcDocumentation: string;
  };
  /** Endpoints this tracker does not have: they answer 32614, like any unknown path. */
  missing: ReadonlySet<EndpointKey>;
  /**
   * A write's parameter of the wrong shape (`cc` as a list, `comment` as a string): answered as the
   * tracker's Perl dies on it (HTTP 200, code 100500), or as a Bugzilla error (the contract: 32000, 400).
   */
  wrongShape: 'perl-dies' | 'error';
  /** How credentials are treated per endpoint, where it differs from the route's own policy. */
  auth: Partial<Record<EndpointKey, AuthPolicy>>;
  /**
   * Paths whose `{id}` the tracker matches with `(\d+)`, so an alias there is an
   * unknown path (5.x's last-visit route; its bug routes take aliases).
   */
  digitsOnlyIds: ReadonlySet<string>;
  /** The `documentation` URL of every error body. */
  documentationUrl: string;
  /** Error codes that differ per tracker (unmapped user errors are 32000 in 5.2). */
  codes: { userNotInvolved: number; invalidToken: number };
  credentials: CredentialRules;
  lastVisit: LastVisitRules;
  /** What a logged-in user who is not a parameter admin may read of `GET /rest/parameters`. */
  parametersLoggedIn: readonly string[];
  /** `last_audit_time` keeps a class only when its name matches this; others are dropped silently. */
  auditClass: RegExp;
  /** `include_fields` / `exclude_fields` in a JSON body narrow the answer too (Perl's merged parameters). */
  fieldsFromBody: boolean;
  /**
   * Only the route's own methods exist: HEAD is an unknown resource (404, 32614) and
   * OPTIONS lists neither HEAD nor OPTIONS in `Allow` (5.2's REST routing).
   */
  ownMethodsOnly: boolean;
  /** What a preflight lets a page send; undefined: every header bz-companion reads. */
  corsAllowHeaders: string | undefined;
  /** A request body without a Content-Type is read as form fields (5.2's CGI), so JSON sent that way is lost. */
  untypedBodyIsForm: boolean;
  /** Which `?callback=` names a GET may use for JSONP; any other is refused (32611) with `allowed` as the reason. */
  jsonpCallback: JsonpCallbackRule;
  /**
   * An attachment's is_private, is_obsolete and is_patch: 5.2's numbers 0/1 (`type('int', …)` in
   * _attachment_to_hash), or booleans as 5.1's API answers them (API/1_0/Resource/Bug.pm, as_boolean).
   */
  attachmentFlags: 'numbers' | 'booleans';
  /** `GET /rest/version` when the fixture does not set one. */
  defaultVersion: string;
  /** Where calls count against the rate limits, once the data set turns them on (`rate_limit_active`); undefined: none. */
  rateLimits: RateLimitPoints | undefined;
  /**
   * BMO's Needinfo extension (extensions/Needinfo/Extension.pm): Bug.update's `needinfo`,
   * `needinfo_role`, `needinfo_from`, `needinfo_type` and `needinfo_override_<id>`, blocked
   * requestees refused, a needinfo of someone else cleared only by canconfirm.
   */
  needinfoWrites: boolean;
  /**
   * BMO's Bug.search (Bugzilla/WebService/Bug.pm search, Bugzilla/Search.pm): `triage_owner=` (the
   * component's triage owner, a role as assigned_to is), `type=` (its bug type field, bug_type), and
   * `count_only` answered as `{bug_count: N}`. 5.2 has none of them.
   */
  bmoSearch: boolean;
  /**
   * BMO's Review and Needinfo extensions refuse a review, data-review or feedback request of a
   * user with `block_reviews`, a needinfo of one with `block_needinfo`, on bugs and attachments.
   */
  blockedRequestees: boolean;
  objects: ObjectShapes;
}
