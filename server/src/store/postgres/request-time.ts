import type { AsyncStore } from './async-store.js';

/** "Now" for one request: asked of the database at most once, so every timestamp in one answer agrees. */
export interface RequestTime {
  /** The database's clock plus the instance's configured skew, epoch milliseconds. */
  databaseNow(): Promise<number>;
}

/** Make one per request (e.g. in a middleware, on ctx.state); the first call asks the database. */
export function requestTime(store: AsyncStore): RequestTime {
  let asked: Promise<number> | undefined;
  return {
    databaseNow() {
      asked ??= store.databaseNow().then((ms) => ms + store.instance.dbTimeOffsetSeconds * 1000);
      return asked;
    },
  };
}
