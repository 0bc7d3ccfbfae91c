import type { BodyParams } from '../../bugzilla/body-params.js';
import type { BugReadAhead } from '../../bugzilla/bug/bug-ref.js';
import type { Read } from '../../bugzilla/read.js';
import type { SearchTransport } from '../../bugzilla/search/webservice-params.js';
import { databaseNow as databaseNowOf } from '../../bugzilla/store/database-now.js';
import type { User } from '../../bugzilla/types.js';
import { ownOrigin } from '../../http/own-origin.js';
import { ANONYMOUS, type Identity } from '../../login/identify.js';
import type { ApiRequest, RouteDeps } from './route.js';

const REST: SearchTransport = { kind: 'rest' };

/** What the router knows of the request before the handler runs (Koa's context, read lazily). */
interface Arrival {
  readonly protocol: string;
  readonly host: string;
}

/**
 * One request as a handler sees it. A class rather than a literal with closures: every request
 * gets an object of the same shape and no per-request functions, and what few handlers read
 * (the origin, the database's clock) is computed only when they read it.
 */
export class EndpointRequest implements ApiRequest {
  /** Who the request runs as: set by the router once the credentials are checked. */
  user: User | undefined = undefined;
  identity: Identity = ANONYMOUS;
  /** Set by an RPC call whose params hold an empty list (ApiRequest.emptyLists). */
  emptyLists: ReadonlySet<string> | undefined = undefined;
  readonly ip: string;
  readonly pathId: string | undefined;
  readonly query: URLSearchParams;
  readonly body: BodyParams | null;
  readonly webNow: number;
  readonly pathBug: BugReadAhead | undefined;
  readonly transport: SearchTransport;
  readonly #arrival: Arrival;
  readonly #deps: Pick<RouteDeps, 'store' | 'clock'>;
  #databaseNow: Read<number> | undefined = undefined;

  constructor(
    arrival: Arrival,
    deps: Pick<RouteDeps, 'store' | 'clock'>,
    ip: string,
    pathId: string | undefined,
    query: URLSearchParams,
    body: BodyParams | null,
    webNow: number,
    pathBug: BugReadAhead | undefined,
    transport: SearchTransport = REST,
  ) {
    this.#arrival = arrival;
    this.#deps = deps;
    this.ip = ip;
    this.pathId = pathId;
    this.query = query;
    this.body = body;
    this.webNow = webNow;
    this.pathBug = pathBug;
    this.transport = transport;
  }

  /** The credentials were checked: the request runs as `identity`. */
  runAs(identity: Identity): void {
    this.identity = identity;
    this.user = identity.user;
  }

  /** `http://host:port` as the client addressed the server (Koa parses it; only parameters' urlbase needs it). */
  get origin(): string {
    return ownOrigin(this.#arrival);
  }

  /** Asked of the store once, on first use (or as the request arrives, for routes that stamp writes). */
  databaseNow(): Read<number> {
    this.#databaseNow ??= databaseNowOf(this.#deps.store, this.#deps.clock, this.webNow);
    return this.#databaseNow;
  }
}
