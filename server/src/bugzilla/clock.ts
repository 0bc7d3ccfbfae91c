import type { InstanceSettings } from './types.js';

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
