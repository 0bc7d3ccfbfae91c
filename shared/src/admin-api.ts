/**
 * The admin API of bz-companion as a test double (`serve --admin`, always on
 * for `startServer`): what `/__admin/` takes and answers. The server builds its
 * answers from these types; tests in TypeScript can read them with the same.
 */

/** One request as the journal recorded it (`GET /__admin/requests`). */
export interface RecordedRequest {
  /** Counts up from 1 for the server's life. */
  n: number;
  /** When it arrived, by the server's clock. */
  at: string;
  method: string;
  path: string;
  /** Every query parameter, repeated ones in order; secrets read "[REDACTED]". */
  query: Record<string, string[]>;
  /** Request headers, names in lower case; credentials read "[REDACTED]". */
  headers: Record<string, string>;
  /** null while the request is in flight, or when it got no answer (a `reset` or `hang` fault). */
  status: number | null;
  /** The login the request was authenticated as, if any. */
  user: string | null;
  /** null while in flight. */
  duration_ms: number | null;
  /**
   * The parameters the server read from the body (JSON or form), secrets
   * redacted; null when it read none. Over 4 KiB, the start of their JSON
   * text as a string, and `body_truncated` says so.
   */
  body: unknown;
  body_truncated: boolean;
  /** The delay added before answering (a latency rule or a `delay_ms` fault), ms; 0 when none. */
  delay_ms: number;
}

/** What a fault rule matches and what it does instead of (or before) the normal answer. */
export interface FaultRule {
  /** Any method when absent. */
  method?: string;
  /** The exact path (`/rest/version`); or `path_prefix`; any path when neither. */
  path?: string;
  path_prefix?: string;
  /** Removed after this many matches; forever when absent. */
  times?: number;
  /** Answer this status, with `body` (any JSON; default a Bugzilla error envelope, code -32000). */
  status?: number;
  body?: unknown;
  /** Wait this long, then answer normally. */
  delay_ms?: number;
  /** Destroy the connection without an answer. */
  reset?: true;
  /** Never answer (until the client gives up or the server stops). */
  hang?: true;
}

export interface Fault extends FaultRule {
  id: string;
  /** How many requests it has applied to so far. */
  matched: number;
}

export interface AdminClockState {
  /** The web clock, `YYYY-MM-DDThh:mm:ssZ`. */
  now: string;
  frozen: boolean;
  /** How many seconds the database clock runs ahead of the web clock. */
  db_time_offset_seconds: number;
}

/** `PUT /__admin/clock`: any of these. */
export interface AdminClockChange {
  /** An ISO 8601 instant; null goes back to the system clock. */
  now?: string | null;
  frozen?: boolean;
  db_time_offset_seconds?: number;
}

/** Every admin error: 400 for bad input, 404 for an unknown admin path or id. */
export interface AdminErrorBody {
  error: true;
  message: string;
}

/**
 * A delay added before a request is answered (`POST /__admin/latency`, `serve --latency`,
 * `startServer({ latency })`): the rule with the most specific match applies (an exact
 * path over a prefix over any path; a named method over any), the newest among equals.
 */
export interface LatencyRule {
  /** Any method when absent. */
  method?: string;
  /** The exact path, or `path_prefix`; every path when neither. */
  path?: string;
  path_prefix?: string;
  /** Exactly one of these three distributions, in milliseconds. */
  fixed_ms?: number;
  uniform_ms?: { min: number; max: number };
  /** Log-normal, given by its median and its 99th percentile (p99 ≥ median). */
  lognormal_ms?: { median: number; p99: number };
}

export interface Latency extends LatencyRule {
  id: string;
  /** How many requests it has delayed so far. */
  matched: number;
}

/** `GET /__admin/recordings`: what `serve --proxy URL --record DIR` is writing. */
export interface RecordingState {
  recording: boolean;
  /** The tracker requests are forwarded to; null when the server is not a proxy (then nothing can be recorded). */
  proxy: string | null;
  dir: string | null;
  /** The files written since recording started, oldest first. */
  written: string[];
  /** Exchanges not written because a credential was still in them: the file each would have been, and why. */
  refused: Array<{ file: string; reason: string }>;
}

/** Where a request or answer departed from the OpenAPI description (`GET /__admin/mismatches`, `serve --validate`). */
export interface Mismatch {
  /** Counts up from 1 for the server's life. */
  n: number;
  at: string;
  method: string;
  path: string;
  /** The described operation the request was matched to (`GET /rest/bug/{id}`). */
  endpoint: string;
  /** Which part departed: the request's path, query or body, or the answer. */
  part: 'path' | 'query' | 'body' | 'response';
  status: number;
  /** What the validator said, each with where (`/bugs/0/id must be integer`). */
  problems: string[];
}
