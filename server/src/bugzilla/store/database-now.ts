import { type Clock, withSkew } from '../clock.js';
import type { Read } from '../read.js';
import type { Store } from './store.js';

/**
 * The database's clock (epoch ms) when the web clock reads `webMs`: the store's
 * (PostgreSQL asks its now()), except while a test controls the clock, which then
 * stands for the database's too. Plus the skew either way.
 */
export function databaseNow(store: Pick<Store, 'instance' | 'databaseNow'>, clock: Clock, webMs: number): Read<number> {
  const skew = clock.dbTimeOffsetSeconds?.();
  return clock.isControlled?.() ? withSkew(webMs, store.instance, skew) : store.databaseNow(webMs, skew);
}
