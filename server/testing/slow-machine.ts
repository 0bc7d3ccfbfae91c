/**
 * Timeouts for `npm test` on a loaded 2-core machine (another build beside it): there one server
 * process takes 5–15 s to print its ready line, against under a second on a quiet one. They bound a
 * hang; no test asserts a speed with them.
 */

/** How long a server process may take to print `listening on`. */
export const READY_TIMEOUT_MS = 60_000;

/** A test that starts `starts` server processes (or does as much work): room for each start, and its own work. */
export function timeoutForStarts(starts: number): number {
  return 30_000 + starts * 20_000;
}

/** A test of thousands of requests (the property tests): about 20 s alone on this machine, several times that under load. */
export const MANY_REQUESTS_TIMEOUT_MS = 150_000;
