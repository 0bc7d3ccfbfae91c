import { type BugzillaError, errors, StoreError } from '../../bugzilla/errors.js';
/**
 * The database cannot be reached, or went away mid-request. Nothing was
 * acknowledged; the routes answer 503 (code -32000) with Retry-After, and the
 * store reconnects by itself once the database is back.
 */
export class DatabaseUnavailableError extends StoreError {
  override readonly name = 'DatabaseUnavailableError';
  /** What to put in Retry-After. */
  readonly retryAfterSeconds = 1;
  override readonly logged = true;

  constructor(cause: unknown) {
    super(`the database is unavailable (${(cause as Error)?.message ?? String(cause)})`, { cause });
  }

  /** Nothing acknowledged; the store reconnects by itself. */
  answer(): BugzillaError {
    return errors.databaseUnavailable(this.retryAfterSeconds);
  }
}

/** SQLSTATEs after which the same transaction, run again, can succeed. */
const RETRYABLE_STATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** SQLSTATE classes and codes meaning the server or the connection is gone, not that the request was wrong. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: a fast or smart stop ended the session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const NODE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && RETRYABLE_STATES.has(code);
}

/** True when the error says the database is out of reach rather than that the statement failed. */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (code !== undefined && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || NODE_NETWORK_CODES.has(code))) {
    return true;
  }
  // node-postgres reports a dropped socket, a pool timeout and a query timeout as plain Errors.
  const message = (error as Error | null)?.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
    message,
  );
}
