import { BugzillaApiError, type BugzillaClient, parseBugzillaTime } from '@bz-companion/shared';
import type { VisitSource } from '../common/news-state.js';

export interface PreviousVisit {
  /** Null on a first visit. */
  at: number | null;
  source: VisitSource;
}

/**
 * Bugzilla 5.0/5.2 cannot read a visit: `GET /rest/bug_user_last_visit/{id}`
 * answers the `100500` crash in an HTTP 200, and the path takes numbers only
 * (an alias is 404, 32614). A 5xx is the same kind of "cannot".
 */
export function cannotReadVisits(error: unknown): boolean {
  if (!(error instanceof BugzillaApiError)) return false;
  return error.code === 100500 || error.code === 32614 || error.status >= 500;
}

/** The crash itself, which never goes away on that tracker (unlike a 5xx, or an alias the path refuses). */
const isVisitReadCrash = (error: unknown) => error instanceof BugzillaApiError && error.code === 100500;

/**
 * The user's previous visit of a bug, read before this visit is recorded:
 * the tracker's record where it can give one, else the visit this browser
 * recorded last (`remembered`); a tracker known to crash (`knownToCrash`) is
 * not asked. `onCrash` hears of a crash, to remember it. Other errors (no
 * access, unreachable) are thrown: with no previous visit known there is
 * nothing to show.
 */
export async function previousVisit(
  client: BugzillaClient,
  bug: string,
  remembered: Record<string, number>,
  knownToCrash = false,
  onCrash: () => Promise<void> = async () => {},
): Promise<PreviousVisit> {
  const fallback: PreviousVisit = { at: remembered[bug] ?? null, source: 'extension' };
  if (knownToCrash) return fallback;
  try {
    const rows = await client.lastVisit.get(bug);
    const stamp = rows[0]?.last_visit_ts ?? null;
    return { at: stamp === null ? null : parseBugzillaTime(stamp), source: 'tracker' };
  } catch (error) {
    if (!cannotReadVisits(error)) throw error;
    if (isVisitReadCrash(error)) await onCrash();
    return fallback;
  }
}
