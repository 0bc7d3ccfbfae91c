import { keepsStoredVisit } from '../../bugzilla/visit/visits.js';
/** One recordVisits call: a user's visits of some bugs, all at one time. */
export interface VisitWrite {
  userId: number;
  bugIds: readonly number[];
  /**
   * The time in the unit the store's upsert takes: epoch seconds for ours (UPSERT_VISITS), epoch
   * milliseconds of the database clock for a Bugzilla database's (rounded there as Bugzilla rounds NOW()).
   */
  ts: number;
}

/** UPSERT_VISITS' parameters: users, bugs and times, row by row. */
export type VisitRows = [users: number[], bugs: number[], times: number[]];

/**
 * The rows several writes leave, in write order, as UPSERT_VISITS takes them:
 * a (user, bug) written more than once is one row, with the latest of its times
 * (a last visit never goes back in time), placed where it was last written,
 * which is what running the writes one after another in this order leaves
 * (one statement may not touch a row twice).
 */
export function visitRows(writes: readonly VisitWrite[]): VisitRows {
  const last = new Map<string, { userId: number; bugId: number; ts: number }>();
  for (const { userId, bugIds, ts } of writes) {
    for (const bugId of bugIds) {
      const key = `${userId}:${bugId}`;
      const earlier = last.get(key)?.ts;
      // Deleting first moves a rewritten row to the end: Map keeps insertion order.
      last.delete(key);
      last.set(key, { userId, bugId, ts: keepsStoredVisit(earlier, ts) ? (earlier as number) : ts });
    }
  }
  const rows: VisitRows = [[], [], []];
  for (const { userId, bugId, ts } of last.values()) {
    rows[0].push(userId);
    rows[1].push(bugId);
    rows[2].push(ts);
  }
  return rows;
}
