/**
 * Errors the client throws. Their fields are plain data (`toData()`), so they
 * can cross a structured clone, and no field ever holds an API key.
 */

import { redactUrl } from './redact.js';

export type ClientErrorKind = 'api' | 'network' | 'response-shape';

/**
 * An error as plain data. structuredClone (service worker -> popup, Firefox
 * messaging) keeps only an Error's message and a standard name, never its own
 * fields, so send `error.toData()` and rebuild with `clientErrorFromData`.
 */
export type ClientErrorData =
  | { kind: 'api'; method: string; url: string; status: number; code: number | undefined; bugzillaMessage: string }
  | { kind: 'network'; method: string; url: string; reason: string }
  | { kind: 'response-shape'; method: string; url: string; status: number; detail: string };

abstract class ClientError extends Error {
  abstract readonly kind: ClientErrorKind;
  readonly method: string;
  readonly url: string;

  constructor(message: string, method: string, url: string, options?: ErrorOptions) {
    super(message, options);
    this.method = method;
    this.url = redactUrl(url);
  }

  /** Every field, as data that survives structuredClone and JSON. */
  abstract toData(): ClientErrorData;

  toJSON(): ClientErrorData {
    return this.toData();
  }
}

/** The tracker answered with a Bugzilla error (`{"error":true,"code":N,...}`) or an HTTP error. */
export class BugzillaApiError extends ClientError {
  override readonly name = 'BugzillaApiError';
  readonly kind = 'api';
  readonly status: number;
  /** Bugzilla's error code; `undefined` when the body was not a Bugzilla error. */
  readonly code: number | undefined;
  readonly bugzillaMessage: string;

  constructor(init: { status: number; code: number | undefined; message: string; method: string; url: string }) {
    const code = init.code === undefined ? '' : ` (code ${init.code})`;
    super(
      `bz-companion: ${init.method} ${redactUrl(init.url)} failed with HTTP ${init.status}${code}: ${init.message}`,
      init.method,
      init.url,
    );
    this.status = init.status;
    this.code = init.code;
    this.bugzillaMessage = init.message;
  }

  toData(): ClientErrorData {
    const { kind, method, url, status, code, bugzillaMessage } = this;
    return { kind, method, url, status, code, bugzillaMessage };
  }
}

/** The request never got an HTTP answer: DNS, refused connection, TLS, CORS, offline. */
export class NetworkError extends ClientError {
  override readonly name = 'NetworkError';
  readonly kind = 'network';
  /** What went wrong, as the platform said it. */
  readonly reason: string;

  constructor(method: string, url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`bz-companion: ${method} ${redactUrl(url)} could not reach the tracker: ${reason}`, method, url, { cause });
    this.reason = reason;
  }

  toData(): ClientErrorData {
    const { kind, method, url, reason } = this;
    return { kind, method, url, reason };
  }
}

/** The tracker answered 2xx with something that is not the documented shape. */
export class ResponseShapeError extends ClientError {
  override readonly name = 'ResponseShapeError';
  readonly kind = 'response-shape';
  readonly status: number;
  readonly detail: string;

  constructor(method: string, url: string, status: number, detail: string) {
    super(`bz-companion: ${method} ${redactUrl(url)} answered an unexpected response: ${detail}`, method, url);
    this.status = status;
    this.detail = detail;
  }

  toData(): ClientErrorData {
    const { kind, method, url, status, detail } = this;
    return { kind, method, url, status, detail };
  }
}

export type BugzillaClientError = BugzillaApiError | NetworkError | ResponseShapeError;

export function isClientError(error: unknown): error is BugzillaClientError {
  return error instanceof BugzillaApiError || error instanceof NetworkError || error instanceof ResponseShapeError;
}

/** The error `toData()` described, with the same class, fields and message. */
export function clientErrorFromData(data: ClientErrorData): BugzillaClientError {
  switch (data.kind) {
    case 'api':
      return new BugzillaApiError({ ...data, message: data.bugzillaMessage });
    case 'network':
      return new NetworkError(data.method, data.url, data.reason);
    case 'response-shape':
      return new ResponseShapeError(data.method, data.url, data.status, data.detail);
  }
}
