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
}

export const systemClock: Clock = { now: () => Date.now() };

/** The database's clock at web-clock time `webMs`: plus the skew the clock or else the instance sets. */
export function databaseTime(webMs: number, instance: InstanceSettings, clock: Clock): number {
  return webMs + (clock.dbTimeOffsetSeconds?.() ?? instance.dbTimeOffsetSeconds) * 1000;
}

/** The database's clock now: what Bugzilla stamps rows with (`NOW()`). */
export function databaseNow(clock: Clock, instance: InstanceSettings): number {
  return databaseTime(clock.now(), instance, clock);
}
