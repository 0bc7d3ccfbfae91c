/** How long a tracker may take to answer before the extension counts it as unreachable. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * A fetch that gives up on a tracker that never answers. Without it one hung
 * request would hold its tracker's delivery chain, and with it the badge and
 * the popup, for as long as the browser keeps the connection open. Giving up
 * fails like a dropped connection (a TypeError, as fetch's own network errors
 * are), so the visit stays queued and the tracker shows as unreachable. A
 * caller's own signal is left alone.
 */
export function fetchWithTimeout(fetchImpl: typeof fetch, timeoutMs = REQUEST_TIMEOUT_MS): typeof fetch {
  return (input, init) => {
    if (init?.signal) return fetchImpl(input, init);
    const controller = new AbortController();
    // Not cleared when the headers arrive: a body that never ends is no answer either.
    setTimeout(() => controller.abort(new TypeError(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    return fetchImpl(input, { ...init, signal: controller.signal });
  };
}
