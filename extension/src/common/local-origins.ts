/**
 * The origins the manifest grants up front (the local companion, on either
 * scheme: behind a local TLS proxy too), so no runtime permission request is
 * needed for them. The manifest and `isLocalTracker` both read this list, so
 * they cannot disagree: any other host asks like any other.
 */
export const LOCAL_ORIGIN_PATTERNS = [
  'http://127.0.0.1/*',
  'http://localhost/*',
  'https://127.0.0.1/*',
  'https://localhost/*',
] as const;
