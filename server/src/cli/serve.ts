import { createApp } from '../app.js';
import { systemClock } from '../clock.js';
import { hostPolicy } from '../http/host-check.js';
import { scheduleRetention } from '../retention.js';
import { exposureWarning, readyBanner } from './banner.js';
import { bindPort } from './bind-port.js';
import { openServeStore } from './open-serve-store.js';
import { shutDownOnSignals } from './shutdown.js';

export { PortInUseError } from './bind-port.js';

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

/**
 * Binds the port first (so a port in use leaves the data file untouched),
 * then opens the store, then serves. Resolves once listening; SIGINT/SIGTERM
 * stop accepting, let in-flight requests finish, persist, and exit 0.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const port = await bindPort(options.host, options.port);
  let opened: Awaited<ReturnType<typeof openServeStore>>;
  try {
    opened = await openServeStore(options);
  } catch (error) {
    port.server.close();
    throw error;
  }
  const { store, adminApiKey, notes } = opened;
  const stopRetention = scheduleRetention(store, systemClock, RETENTION_INTERVAL_MS, (error) =>
    console.error('bz-companion: pruning old visits failed:', error),
  );
  const app = createApp({
    store,
    options: {
      urlbase: () => `${port.baseUrl}/`,
      acceptsHost: hostPolicy(options.host, options.allowedHosts),
      ...(options.logRequests ? { logRequest: (line: string) => process.stdout.write(`${line}\n`) } : {}),
    },
  });
  port.serveWith(app.callback());
  shutDownOnSignals(port.server, store, stopRetention);
  process.stdout.write(readyBanner(port.baseUrl, notes, adminApiKey));
  const warning = exposureWarning(port.address);
  if (warning) console.error(warning);
}
