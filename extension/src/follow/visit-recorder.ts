/**
 * What following bugs needs of the visits' delivery (visits/delivery.ts; the background wires the
 * two together): a bug page's visit queued, then sent once the page's previous visit was read; bugs
 * marked seen recorded as visits; the badge shown again once the news changed.
 */
export interface VisitRecorder {
  /** Stores the visit without sending it yet. */
  queueVisit(trackerId: string, bug: string): Promise<unknown>;
  /** Sends what is queued for the tracker. */
  flush(trackerId: string): Promise<unknown>;
  /** Queues and sends several visits at once ("Mark all as seen"). */
  recordVisits(trackerId: string, bugs: readonly string[]): Promise<unknown>;
  /** What the delivery learnt: the bug numbers of the aliases it resolved. */
  state(trackerId: string): Promise<{ aliasIds: Record<string, number> }>;
  refreshBadge(): Promise<void>;
}
