/**
 * The origins the manifest grants up front (the local companion), so no
 * runtime permission request is needed for them. The manifest and
 * `isLocalTracker` both read this list, so they cannot disagree: an
 * `https://localhost` tracker is not covered and asks like any other.
 */
export const LOCAL_ORIGIN_PATTERNS = ['http://127.0.0.1/*', 'http://localhost/*'] as const;
