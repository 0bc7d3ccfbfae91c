import type { Read } from './store/read.js';
import type { Store } from './store/store.js';
import type { InstanceSettings } from './store/types.js';

/**
 * The server's clock: everything that reads the time (visit timestamps,
 * `/rest/time`, retention, comments) asks it, never `Date.now()`, so a test
 * can set, freeze and advance it (see adjustable-clock.ts).
 */
export interface Clock {
  /** The web server's time, epoch milliseconds. */
  now(): number;
  /**
   * How many seconds the database clock runs ahead of the web clock when the
   * clock overrides it (admin API); undefined leaves the instance's setting.
   */
  dbTimeOffsetSeconds?(): number | undefined;
  /**
   * True while a test has moved or frozen the clock (admin API, `--clock`): the
   * database's clock then follows it, on PostgreSQL too, whose own now() no test can move.
   */
  isControlled?(): boolean;
}

export const systemClock: Clock = { now: () => Date.now() };

/** `ms` moved by the database's skew: the clock's override (admin API), or else the instance's setting. */
export function withSkew(ms: number, instance: InstanceSettings, skewOverrideSeconds: number | undefined): number {
  return ms + (skewOverrideSeconds ?? instance.dbTimeOffsetSeconds) * 1000;
}

/**
 * The database's clock (epoch ms) when the web clock reads `webMs`: the store's
 * (PostgreSQL asks its now()), except while a test controls the clock, which then
 * stands for the database's too. Plus the skew either way.
 */
export function databaseNow(store: Pick<Store, 'instance' | 'databaseNow'>, clock: Clock, webMs: number): Read<number> {
  const skew = clock.dbTimeOffsetSeconds?.();
  return clock.isControlled?.() ? withSkew(webMs, store.instance, skew) : store.databaseNow(webMs, skew);
}
