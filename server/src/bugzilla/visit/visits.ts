/**
 * Bugzilla's rules for last visits that need no store.
 * How many visits the recent list holds: 5.2's `Bugzilla::User::last_visited` takes 20.
 */
export const RECENT_VISITS_LIMIT = 20;

/**
 * A user's last visit never goes back in time: a write whose time is earlier than the stored one
 * (a request that took its "now" earlier but committed later) leaves the stored visit. The
 * PostgreSQL upserts say the same in SQL (`WHERE EXCLUDED.last_visit_ts >= …`).
 */
export function keepsStoredVisit(stored: number | undefined, incoming: number): boolean {
  return stored !== undefined && stored > incoming;
}
