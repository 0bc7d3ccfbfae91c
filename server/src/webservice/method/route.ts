import type { EndpointKey, ResponseOf } from '@bz-companion/shared';
import type { BodyParams } from '../../bugzilla/body-params.js';
import type { BugReadAhead } from '../../bugzilla/bug/bug-ref.js';
import type { Clock } from '../../bugzilla/clock.js';
import type { RateLimits } from '../../bugzilla/rate-limit/rate-limits.js';
import type { Read } from '../../bugzilla/read.js';
import type { SearchTransport } from '../../bugzilla/search/webservice-params.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import type { LoginFailures } from '../../bugzilla/user/login-failures.js';
import type { PreparedJson } from '../../http/prepared-json.js';
import type { Identity } from '../../login/identify.js';
import type { AuthPolicy } from '../../profiles/auth-policy.js';
import type { Profile } from '../../profiles/profile.js';
import type { WebhookPush } from '../../push/webhook-push.js';
import type { CodeNote } from './error-codes.js';
import type { RpcBinding } from './rpc-binding.js';
import type { WorkBounds } from './work-bounds.js';

/** A request as a handler sees it: credentials and body already dealt with. */
export interface ApiRequest {
  user: User | undefined;
  /** How the user proved who they are (login and logout need it). */
  identity: Identity;
  /** The client's address (IPv4 without the `::ffff:` prefix), as Bugzilla records it. */
  ip: string;
  /** The `{id}` path segment, decoded, when the endpoint has one. */
  pathId: string | undefined;
  query: URLSearchParams;
  body: BodyParams | null;
  /**
   * The parameters an RPC call sent as an empty list, which its query cannot hold: given, as Perl's
   * `defined` sees them, with no element (REST cannot send one). Undefined when there is none.
   */
  emptyLists?: ReadonlySet<string> | undefined;
  /** `http://host:port` as the client addressed the server. */
  origin: string;
  /** The web clock when the request began, epoch ms. */
  webNow: number;
  /** The database's clock for this request (epoch ms): asked of the store once, the same answer after. */
  databaseNow(): Read<number>;
  /** The bug the path names, when the route reads it and the router asked it already (RouteSpec.readsPathBug). */
  pathBug: BugReadAhead | undefined;
  /** How the call came (5.2's quicksearch differs by it). */
  transport: SearchTransport;
}

export interface RouteDeps {
  store: Store;
  clock: Clock;
  /** The server's own base URL, ending in `/`, when it knows it better than the request does. */
  urlbase: (() => string) | undefined;
  /** The tracker this server behaves as: routes read every difference from it. */
  profile: Profile;
  failures: LoginFailures;
  /** The rate-limit counts and blocked addresses (the profile says where calls count). */
  rateLimits: RateLimits;
  /** BMO's webhooks: a write hands it what it did, once durable. */
  push: WebhookPush;
}

type Answer<T> = T | PreparedJson<T>;

export interface RouteSpec<K extends EndpointKey> {
  /** The method as XML-RPC and JSON-RPC call it, where they can (the REST-only BMO paths cannot). */
  rpc?: RpcBinding;
  /** The codes this method may answer beyond what its credentials policy and path imply (the OpenAPI description lists them). */
  codes?: readonly CodeNote[];
  auth: AuthPolicy;
  /** include/exclude_fields act inside this member of the result (parameters) rather than on top. */
  filterInside?: string;
  /** The handler applies include/exclude_fields itself (Bugzilla's field types), so the generic filter must not. */
  fieldsApplied?: true;
  /** The HTTP status of success, when not 200 (Bugzilla answers a created object with 201). */
  successStatus?: number;
  /**
   * The handler stamps what it writes with the database's clock: the router asks for it as the
   * request arrives, so that on PostgreSQL its round trip overlaps the credential and bug look-ups.
   */
  stampsWrites?: true;
  /**
   * The handler looks up the bug its path names: the router asks for it as the request
   * arrives (readBugAhead), so that on PostgreSQL its round trip overlaps the credential
   * look-up. The handler still checks the credentials first, as the contract orders.
   */
  readsPathBug?: true;
  /** A body this large is read (when over the server's limit): an attachment's, as the parameters allow it. */
  largerBody?: (parameters: Record<string, string>) => number;
  /** What one call may cost, where it differs from DEFAULT_WORK_BOUNDS (every call is held to its bounds). */
  bounds?: Partial<WorkBounds>;
  /** The answer, or the same answer prepared once (PreparedJson) when it repeats exactly. */
  handle(request: ApiRequest, deps: RouteDeps): Answer<ResponseOf<K>> | Promise<Answer<ResponseOf<K>>>;
}

/** Exactly one route per endpoint of the shared map: the compiler rejects a missing one. */
export type RouteTable = { [K in EndpointKey]: RouteSpec<K> };

/** The user of a route whose policy is 'required'. */
export function currentUser(request: ApiRequest): User {
  if (!request.user) throw new Error('a route that requires login ran without a user');
  return request.user;
}
