import type { Clock } from '../clock.js';
import { afterRead, type Read } from '../read.js';
import { databaseNow } from '../store/database-now.js';
import type { Store } from '../store/store.js';

/**
 * The epoch-seconds cutoff below which visits are dropped, from the
 * `last_visit_keep_days` parameter; null (keep forever) when it is 0, empty
 * or not a number, or when the data never set it (see visitRetention) unless
 * `evenIfUnset`: an administrator running clean-bug-user-last-visit.pl prunes
 * by the parameter's value (default 10) whether or not anyone set it.
 */
export function retentionCutoff(store: Store, clock: Clock, evenIfUnset = false): Read<number | null> {
  if (!store.instance.visitRetention && !evenIfUnset) return null;
  const days = Number((store.instance.parameters.last_visit_keep_days ?? '').trim() || '0');
  if (!Number.isFinite(days) || days <= 0) return null;
  return afterRead(databaseNow(store, clock, clock.now()), (ms) => Math.floor(ms / 1000 - days * 86_400));
}

/** Prunes now; resolves to how many visits went. */
export async function pruneExpiredVisits(store: Store, clock: Clock, evenIfUnset = false): Promise<number> {
  const cutoff = await retentionCutoff(store, clock, evenIfUnset);
  // A Bugzilla database's visits are pruned by Bugzilla's own clean-bug-user-last-visit.pl.
  return cutoff === null || !store.owned ? 0 : store.owned.pruneVisits(cutoff);
}

/** Prunes every `intervalMs` until the returned function is called. */
export function scheduleRetention(
  store: Store,
  clock: Clock,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    pruneExpiredVisits(store, clock).catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
