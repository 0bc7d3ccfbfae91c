import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.js';
import { systemClock } from '../clock.js';
import { errors } from '../errors.js';
import { answerClientErrorsWithJson } from '../http/client-error.js';
import { sendError } from '../http/error-response.js';
import { hostPolicy } from '../http/host-check.js';
import { pruneExpiredVisits, scheduleRetention } from '../retention.js';
import { demoFixture } from '../store/demo.js';
import { openFileStore } from '../store/file-store.js';
import { snapshotFromFixture } from '../store/fixture.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';

export interface ServeOptions {
  host: string;
  port: number;
  data: string;
  inMemory: boolean;
  /** Host names to answer besides this server's own addresses (DNS-rebinding defence). */
  allowedHosts: string[];
  /** Print one line per request (API keys redacted). */
  logRequests: boolean;
}

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const SHUTDOWN_GRACE_MS = 5000;

/**
 * BZ_COMPACT_AFTER_BYTES tunes when the journal is folded into the data file
 * (default 64 MiB); the stress test sets it small so kills land mid-compaction.
 */
function compactionThreshold(): { compactAfterBytes?: number } {
  const bytes = Number(process.env.BZ_COMPACT_AFTER_BYTES);
  return Number.isInteger(bytes) && bytes > 0 ? { compactAfterBytes: bytes } : {};
}

function isLoopbackBind(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

/**
 * Binds the port first (so a port in use leaves the data file untouched),
 * then opens the store, then serves. Resolves once listening; SIGINT/SIGTERM
 * stop accepting, let in-flight requests finish, persist, and exit 0.
 */
export async function serve(options: ServeOptions): Promise<void> {
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    sendError(response, errors.starting());
  const server = createServer((request, response) => handler(request, response));
  answerClientErrorsWithJson(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new PortInUseError(`port ${options.port} on ${options.host} is already in use`));
      else if (error.code === 'EACCES')
        reject(new PortInUseError(`no permission to listen on port ${options.port} on ${options.host}`));
      else reject(error);
    });
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${hostForUrl}:${address.port}`;

  let store: Store;
  let adminApiKey: string | undefined;
  const notes: string[] = [];
  try {
    if (options.inMemory) {
      const demo = demoFixture(systemClock.now());
      adminApiKey = demo.adminApiKey;
      store = createMemoryStore(snapshotFromFixture(demo.fixture));
      notes.push('store: in memory (nothing is saved)');
    } else {
      const opened = await openFileStore(options.data, {
        ...compactionThreshold(),
        create: () => {
          const demo = demoFixture(systemClock.now());
          adminApiKey = demo.adminApiKey;
          return snapshotFromFixture(demo.fixture);
        },
      });
      store = opened.store;
      notes.push(`data file: ${options.data}${opened.created ? ' (created with demo data)' : ''}`);
      if (opened.replayed > 0) notes.push(`replayed ${opened.replayed} journal entries`);
    }
  } catch (error) {
    server.close();
    throw error;
  }
  const pruned = await pruneExpiredVisits(store, systemClock);
  if (pruned > 0) notes.push(`removed ${pruned} visits older than last_visit_keep_days`);
  const stopRetention = scheduleRetention(store, systemClock, RETENTION_INTERVAL_MS, (error) =>
    console.error('bz-companion: pruning old visits failed:', error),
  );

  const app = createApp({
    store,
    options: {
      urlbase: () => `${baseUrl}/`,
      acceptsHost: hostPolicy(options.host, options.allowedHosts),
      ...(options.logRequests ? { logRequest: (line: string) => process.stdout.write(`${line}\n`) } : {}),
    },
  });
  handler = app.callback();
  // Before the ready line: a script may send SIGTERM the moment it reads it, and without a handler
  // that signal would kill the process on the spot instead of shutting down cleanly.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopRetention();
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

  // One write, so a script that waits for the first line also gets the key with it.
  const lines = [`listening on ${baseUrl}`, ...notes];
  if (adminApiKey) {
    lines.push(
      `admin api key: ${adminApiKey}`,
      '  (printed once; the store keeps only its hash)',
      `try: curl -H 'X-BUGZILLA-API-KEY: ${adminApiKey}' ${baseUrl}/rest/bug_user_last_visit`,
      'extension: load extension/dist/chromium (or dist/firefox) unpacked, then in its options set',
      `  Tracker URL ${baseUrl}/ and this API key (README.md, "The browser extension")`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!isLoopbackBind(address.address)) {
    console.error(
      `bz-companion: warning: listening on ${address.address}, not loopback: other machines can reach this server. ` +
        'Every request needs an API key to read or change visits, but the traffic is plain HTTP.',
    );
  }
}
