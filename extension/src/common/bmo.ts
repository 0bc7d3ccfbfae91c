/**
 * Whether a tracker is bugzilla.mozilla.org or a fork of it (which mark new comments themselves
 * and have its short bug URLs): its host says so, or, once known, its version, which BMO names by
 * date (`20260820.1`).
 */
export function isBmo(trackerUrl: string, version: string | null = null): boolean {
  return (
    new URL(trackerUrl).hostname === 'bugzilla.mozilla.org' || (version !== null && /^\d{8}(\.\d+)?$/.test(version))
  );
}
