import { type Clock, databaseTime } from './clock.js';
import type { Store } from './store/store.js';

/**
 * The epoch-seconds cutoff below which visits are dropped, from the
 * `last_visit_keep_days` parameter; null (keep forever) when it is 0, empty
 * or not a number, or when the data never set it (see visitRetention).
 */
export function retentionCutoff(store: Store, clock: Clock): number | null {
  if (!store.instance.visitRetention) return null;
  const days = Number((store.instance.parameters.last_visit_keep_days ?? '').trim() || '0');
  if (!Number.isFinite(days) || days <= 0) return null;
  return Math.floor(databaseTime(clock.now(), store.instance) / 1000 - days * 86_400);
}

/** Prunes now; resolves to how many visits went. */
export async function pruneExpiredVisits(store: Store, clock: Clock): Promise<number> {
  const cutoff = retentionCutoff(store, clock);
  return cutoff === null ? 0 : store.pruneVisits(cutoff);
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
