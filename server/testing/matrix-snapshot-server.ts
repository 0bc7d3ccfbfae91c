import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import { type InProcessServer, serveStoreInProcess } from './in-process-server.js';
import { openMatrixStore } from './test-server.js';

/**
 * The app in this process over a store of its own holding `snapshot`, on the store of this test run
 * (openMatrixStore: a scratch PostgreSQL database on the PostgreSQL leg, memory otherwise); `stop`
 * stops the server and then closes the store (dropping the database).
 */
export async function serveMatrixSnapshot(snapshot: StoreSnapshot): Promise<InProcessServer> {
  const opened = await openMatrixStore(snapshot);
  let server: InProcessServer;
  try {
    server = await serveStoreInProcess(opened.store);
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
  const stopServer = server.stop;
  let stopped: Promise<void> | undefined;
  server.stop = () => {
    stopped ??= stopServer().finally(() => opened.close());
    return stopped;
  };
  return server;
}
