/**
 * BMO's Push backoff (extensions/Push/lib/Backoff.pm `inc`): after the n-th failed retry of a
 * webhook's backlog, the next try waits 5^n seconds for n up to 4, then 15 minutes. The count is
 * the connector's, not the message's, and only a restart resets it (Push.pm `start`).
 */
export function backoffSeconds(attempts: number): number {
  return attempts <= 4 ? 5 ** attempts : 15 * 60;
}
