import type { Server } from 'node:http';
import type { Store } from '../bugzilla/store/store.js';

const SHUTDOWN_GRACE_MS = 5000;

/**
 * SIGINT/SIGTERM: stop accepting, give requests in flight a grace period,
 * persist the store, exit 0 (1 if the store could not be closed cleanly).
 * Install before printing the ready line: a script may send SIGTERM the moment
 * it reads it, and without a handler the signal would kill the process on the spot.
 */
export function shutDownOnSignals(server: Server, store: Store, beforeClose: () => void): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    beforeClose();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([closed, grace]);
    server.closeAllConnections();
    try {
      await store.close();
    } catch (error) {
      console.error('bz-companion: could not close the store cleanly:', error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
