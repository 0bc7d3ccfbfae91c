/**
 * HTTP status by Bugzilla error code (5.2's REST_STATUS_CODE_MAP); every code
 * not listed is a client error, 400.
 */
const STATUS_BY_CODE: ReadonlyMap<number, number> = new Map([
  [101, 404],
  [32614, 404],
  [102, 401],
  [110, 401],
  [113, 401],
  [300, 401],
  [304, 401],
  [301, 401],
  [410, 401],
]);

/** An error a handler throws; http/error-response.ts renders it, the one place that does. */
export class BugzillaError extends Error {
  override readonly name = 'BugzillaError';
  readonly code: number;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: number, message: string, options: { status?: number; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE.get(code) ?? 400;
    this.headers = options.headers ?? {};
  }
}

/**
 * An error a store raises (a write it could not make durable, a database out of reach, a write
 * it does not make): it says which Bugzilla error answers it, so the renderer needs no store.
 */
export abstract class StoreError extends Error {
  /** The answer the client gets (nothing was acknowledged, so it may retry where that helps). */
  abstract answer(): BugzillaError;
  /** Worth a line in the server's log (an outage), not only the client's answer. */
  readonly logged: boolean = false;
}

/** Every error the API can answer, named for what went wrong. */
export const errors = {
  resourceNotFound: (method: string, path: string) =>
    new BugzillaError(32614, `A REST API resource was not found for '${method} ${path}'.`),
  unparsableJson: (detail: string) =>
    new BugzillaError(32000, `Could not parse the 'params' argument as valid JSON. Error: ${detail}`),
  bodyNotAnObject: (kind: string) =>
    new BugzillaError(32000, `The request body must be a JSON object (the parameters by name), not ${kind}.`),
  unreadableBody: (detail: string) => new BugzillaError(32000, `The request body could not be read: ${detail}`),
  /** Node's HTTP parser refused the request itself (431 headers too large, 414 URL too long, else 400). */
  unreadableRequest: (reason: string, status: number) =>
    new BugzillaError(32000, `The request could not be read: ${reason}.`, { status }),
  bodyTooLarge: (limitBytes: number) =>
    new BugzillaError(
      32000,
      `The request body is larger than the limit of ${limitBytes} bytes (${formatBytes(limitBytes)}).`,
      { status: 413 },
    ),
  /** `allowed` finishes the sentence "For security reasons, …" with the rule the name broke. */
  invalidCallback: (callback: string, allowed: string) =>
    new BugzillaError(
      32611,
      `You cannot use '${callback}' as your 'callback' parameter. For security reasons, ${allowed}`,
    ),
  /**
   * JSON-RPC's own errors: JSON::RPC's code + 100000, as 5.2's JSONRPC.pm numbers them. Their HTTP status
   * is the RPC endpoints' to set (200, as for every Bugzilla error there: rpc-endpoints.ts#setErrorStatus).
   */
  jsonRpcUnparsable: () => new BugzillaError(100201, "Can't parse JSON data."),
  jsonRpcNoMethod: () => new BugzillaError(100300, 'method is nothing.'),
  jsonRpcInvalidMethod: () => new BugzillaError(100301, 'method is invalid.'),
  jsonRpcUnknownMethod: (method: string) => new BugzillaError(100302, `No such a method : '${method}'.`),
  jsonRpcParamsNotArray: () => new BugzillaError(100400, 'Invalid params for JSONRPC 1.0.'),
  /** Not JSON::RPC's: Perl dies on a call that is not an object; a clear error here instead. */
  jsonRpcNotAnObject: () =>
    new BugzillaError(32000, 'A JSON-RPC call is a JSON object with "method", "params" and "id".'),
  jsonRpcGetMethodRequired: (documentation: string) =>
    new BugzillaError(
      32000,
      `When using JSON-RPC over GET, you must specify a 'method' parameter. See the documentation at ${documentation}`,
    ),
  jsonRpcPostOnly: (method: string) =>
    new BugzillaError(32610, `For security reasons, you must use HTTP POST to call the '${method}' method.`),
  jsonRpcIllegalContentType: (contentType: string) =>
    new BugzillaError(
      32613,
      `When using JSON-RPC over POST, you cannot send data as ${contentType}. Only application/json and application/json-rpc are allowed.`,
    ),
  /** A method the tracker's packages do not offer (5.2's unknown_method, XML-RPC's fault for it). */
  unknownMethod: (method: string) => new BugzillaError(-32601, `The requested method '${method}' was not found.`),
  invalidApiKey: () =>
    new BugzillaError(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
  revokedApiKey: () =>
    new BugzillaError(306, 'The API key you specified has been revoked by the user that created it.'),
  accountDisabled: (disabledText: string, maintainer: string) =>
    new BugzillaError(
      301,
      `${disabledText} If you believe your account should be restored, please send email to ${maintainer} explaining why.`,
    ),
  invalidLoginOrPassword: (remainingAttempts: number | undefined) =>
    new BugzillaError(
      300,
      remainingAttempts !== undefined && remainingAttempts <= 2
        ? `The login or password you entered is not valid. If you do not enter the correct password after ${remainingAttempts} more attempt(s), you will be locked out of this account for 30 minutes. To avoid being locked out, you can reset your password using the "Forgot Password" link.`
        : 'The login or password you entered is not valid.',
    ),
  /** 5.2 has no code for this one: an unmapped user error, 32000. */
  accountLocked: (ip: string, unlockAt: string) =>
    new BugzillaError(
      32000,
      `Your IP (${ip}) has been locked out of this account until ${unlockAt}, as you have exceeded the maximum number of login attempts.`,
    ),
  /** "provide" (sic) is 5.2's text. */
  invalidToken: (code: number) =>
    new BugzillaError(
      code,
      'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
    ),
  loginRequired: () => new BugzillaError(410, 'You must log in before using this part of Bugzilla.'),
  paramRequired: (param: string) =>
    new BugzillaError(50, `The function requires a ${param} argument, and that argument was not set.`),
  /** One of several parameters is needed (Bug.comments: `ids` or `comment_ids`); only RPC can leave both out. */
  paramsRequired: (method: string, params: readonly string[]) =>
    new BugzillaError(
      50,
      `The function ${method} requires that you set one of the following parameters: ${params.join(', ')}`,
    ),
  paramScalarArrayRequired: (param: string) =>
    new BugzillaError(58, `The ${param} parameter must be an array of scalars (integers and/or strings).`),
  invalidBugId: (value: string) =>
    new BugzillaError(100, `'${value}' is not a valid bug number nor an alias to a bug.`),
  /** A value Bugzilla's database cannot hold (a NUL): refused on every store, before anything is written. */
  unstorableText: (param: string) =>
    new BugzillaError(32000, `The '${param}' parameter holds a NUL character, which Bugzilla cannot store.`),
  bugNumberRequired: () => new BugzillaError(100, 'You must enter a valid bug number!'),
  /** `bugId` as the caller named the bug: an alias stays an alias, so a hidden bug's number is not revealed. */
  bugAccessDenied: (bugId: number | string) =>
    new BugzillaError(102, `You are not authorized to access bug #${bugId}.`),
  /** The same refusal to a caller who is not logged in (5.2's bug_access_query). */
  bugAccessQuery: (bugId: number | string) =>
    new BugzillaError(
      102,
      `You are not authorized to access bug #${bugId}. To see this bug, you must first log in to an account with the appropriate permissions.`,
    ),
  bugDoesNotExist: (bugId: number | string) => new BugzillaError(101, `Bug #${bugId} does not exist.`),
  /** A date parameter (new_since, last_change_time, creation_time) that is not one. */
  illegalDate: (text: string) => new BugzillaError(56, `'${text}' is not a legal date.`),
  searchNeedsLimit: () =>
    new BugzillaError(50, 'The function Bug.search() requires a limit argument, and that argument was not set.'),
  searchNumberRequired: () => new BugzillaError(52, 'Invalid parameter passed to Bug.search: It must be numeric.'),
  /** A search that names no criterion while the tracker's `search_allow_no_criteria` is off. */
  searchNeedsCriteria: () =>
    new BugzillaError(1000, 'You may not search, or create saved searches, without any search terms.'),
  commentIdNotNumeric: () =>
    new BugzillaError(52, 'Invalid parameter passed to Bugzilla::Comment::new_from_list: It must be numeric.'),
  invalidCommentId: (id: string) => new BugzillaError(111, `${id} is not a valid comment id.`),
  commentIsPrivate: (id: number) => new BugzillaError(110, `Comment id ${id} is private.`),
  notInsider: () =>
    new BugzillaError(113, 'Sorry, but you are not allowed to (un)mark comments or attachments as private.'),
  commentTooLong: (maxLength: number) =>
    new BugzillaError(114, `Comments cannot be longer than ${maxLength} characters.`),
  notInvolved: (bugId: number, code = 1300) =>
    new BugzillaError(code, `Sorry, but you are not involved with Bug ${bugId}.`),
  /** BMO's `rate_limit` user error (global/user-error.html.tmpl): no code of its own, so 32000. */
  rateLimit: () => new BugzillaError(32000, 'You have exceeded the rate limit.'),
  /**
   * A Perl `die` inside a Bugzilla method: JSON-RPC's 500 + 100000, sent with
   * HTTP 200. Only profiles that reproduce such a crash raise it.
   */
  perlCrash: (message: string) => new BugzillaError(100500, message, { status: 200 }),
  /** More values in one parameter than the method takes in one request (webservice/method/work-bounds.ts). */
  tooManyValues: (param: string, limit: number) =>
    new BugzillaError(
      32000,
      `The '${param}' parameter holds more than ${limit} different values, more than one request may ask for: split the request.`,
    ),
  /** Parameters nested deeper than any method reads (webservice/method/work-bounds.ts). */
  nestedTooDeep: (param: string, limit: number) =>
    new BugzillaError(
      32000,
      `The '${param}' parameter nests more than ${limit} levels deep, deeper than any method reads.`,
    ),
  /** The answer would be larger than one request may get (webservice/method/work-bounds.ts). */
  answerTooLarge: (limitBytes: number) =>
    new BugzillaError(
      32000,
      `The answer would be larger than ${formatBytes(limitBytes)}, more than one request may get: ask for fewer bugs or fewer fields (include_fields).`,
    ),
  /** A read that ran past its time (webservice/method/work-bounds.ts); nothing was changed and it may be retried. */
  tookTooLong: (seconds: number) =>
    new BugzillaError(
      32000,
      `The request took longer than ${seconds} seconds and was given up: ask for fewer bugs, or try again later.`,
      { status: 503, headers: { 'Retry-After': '5' } },
    ),
  /** The store could not make a write durable; nothing changed and the client may retry. */
  storageUnavailable: (detail: string) =>
    new BugzillaError(-32000, `The update could not be saved, so nothing was changed: ${detail}. Try again later.`, {
      status: 503,
      headers: { 'Retry-After': '5' },
    }),
  /** The database (PostgreSQL store) cannot be reached; nothing was acknowledged, and the client may retry. */
  databaseUnavailable: (retryAfterSeconds: number) =>
    new BugzillaError(-32000, 'The database is unavailable, so nothing was read or changed. Try again in a moment.', {
      status: 503,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  /** A write this server does not make in a Bugzilla database it serves (--bugzilla-schema); nothing changed. */
  bugzillaOwnsThis: (detail: string) => new BugzillaError(32000, detail, { status: 403 }),
  /** Asked between binding the port and opening the store. */
  starting: () =>
    new BugzillaError(-32000, 'bz-companion is starting; try again in a moment.', {
      status: 503,
      headers: { 'Retry-After': '1' },
    }),
  /** A bug in bz-companion itself; the stack goes to the server log, never to the client. */
  internal: () =>
    new BugzillaError(-32000, 'bz-companion hit an unexpected internal error; the details are in its log.', {
      status: 500,
    }),
};

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
