import type { InstanceSettings } from './store/types.js';

/** The web server's clock, epoch milliseconds; tests pass a fixed one. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The database's clock at web-clock time `webMs`: plus the instance's configured skew. */
export function databaseTime(webMs: number, instance: InstanceSettings): number {
  return webMs + instance.dbTimeOffsetSeconds * 1000;
}
