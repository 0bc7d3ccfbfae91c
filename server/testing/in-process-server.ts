import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app.js';
import type { Clock } from '../src/bugzilla/clock.js';
import type { Store } from '../src/bugzilla/store/store.js';
import { answerClientErrorsWithJson } from '../src/http/client-error.js';
import { snapshotFromFixture } from '../src/import/fixture/fixture.js';
import type { ProfileName } from '../src/profiles/profile.js';
import { createMemoryStore } from '../src/stores/memory/memory-store.js';
import { rpcEnvelopeFor } from '../src/webservice/rpc/rpc-envelope.js';

/** A clock a test sets by hand (epoch milliseconds). */
export class ManualClock implements Clock {
  constructor(public ms: number) {}
  now(): number {
    return this.ms;
  }
  /** It stands for the database's clock too, as an admin-set clock does. */
  isControlled(): boolean {
    return true;
  }
  advanceSeconds(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface InProcessServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  /** The store behind it, for tests that check what a request changed. */
  store: Store;
  stop(): Promise<void>;
}

export interface InProcessOptions {
  profile?: ProfileName;
  clock?: Clock;
}

/** The app over an in-memory store of `fixture`, on a free loopback port, in this process. */
export function serveInProcess(fixture: unknown, options: InProcessOptions = {}): Promise<InProcessServer> {
  return serveStoreInProcess(createMemoryStore(snapshotFromFixture(fixture)), options);
}

/** The app over `store` (which the caller closes), on a free loopback port, in this process. */
export async function serveStoreInProcess(store: Store, options: InProcessOptions = {}): Promise<InProcessServer> {
  const app = createApp({
    store,
    ...(options.clock ? { clock: options.clock } : {}),
    options: options.profile ? { profile: options.profile } : {},
  });
  const server = createServer(app.callback());
  // As `serve` does: what Node's HTTP parser refuses still gets a Bugzilla-shaped answer.
  answerClientErrorsWithJson(server, rpcEnvelopeFor);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
