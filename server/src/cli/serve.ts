import { formatBugzillaTime, type LatencyRule } from '@bz-companion/shared';
import { AdminControls } from '../admin/controls.js';
import { LatencyRules } from '../admin/latency.js';
import { createApp, DEFAULT_BODY_LIMIT_BYTES } from '../app.js';
import { bindPort } from '../bind-port.js';
import { AdjustableClock } from '../bugzilla/adjustable-clock.js';
import { scheduleRetention } from '../bugzilla/visit/retention.js';
import { capConnections } from '../http/connection-cap.js';
import { hostPolicy } from '../http/host-check.js';
import { isProfileName, type ProfileName } from '../profiles/profile.js';
import { chooseProfile } from '../profiles/profiles.js';
import { type UpstreamOptions, upstream } from '../test-double/upstream.js';
import { MismatchJournal } from '../webservice/openapi/mismatch-journal.js';
import { exposureWarning, readyBanner } from './banner.js';
import { openServeStore } from './open-serve-store.js';
import { shutDownOnSignals } from './shutdown.js';

export interface ServeOptions {
  host: string;
  port: number;
  data: string;
  /** PostgreSQL URL: the store lives there instead of the data file. */
  database: string | undefined;
  /** With `database`: it is an existing Bugzilla's, whose installation directory this is (--bugzilla-schema). */
  bugzillaDir?: string | undefined;
  inMemory: boolean;
  /** Host names to answer besides this server's own addresses (DNS-rebinding defence). */
  allowedHosts: string[];
  /** Print one line per request (API keys redacted), and each fault and clock change. */
  logRequests: boolean;
  /** Open connections held at most; past it the oldest idle one is closed (DEFAULT_MAX_CONNECTIONS). */
  maxConnections?: number;
  /** The data file's journal is folded into it once it holds this many bytes (--fold-after; 64 MiB by default). */
  foldAfterBytes?: number;
  /** Serve the admin API under /__admin/ (reset, request journal, faults, clock). */
  admin: boolean;
  /** Start with the clock frozen at this instant (epoch ms); null: the system clock. */
  clock: number | null;
  /** Behave as this tracker; by default the data's `instance.profile`, else bz-companion. */
  profile?: ProfileName;
  /** Delays added before answering (`--latency`), each from its distribution. */
  latency?: readonly LatencyRule[];
  /** A real tracker to forward to and record, or recordings to answer from (--proxy, --record, --replay, --fallback). */
  upstream?: UpstreamOptions;
  /** Check every REST request and answer against the OpenAPI description, journaling mismatches (--validate). */
  validate?: boolean;
}

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** Which tracker the server answers as, and why: said right under `listening on`. */
function profileNote(requested: ProfileName | undefined, fromData: string | undefined): string {
  const active = chooseProfile(requested, isProfileName(fromData) ? fromData : undefined).name;
  const why = requested ? '--profile' : isProfileName(fromData) ? "the data's instance.profile" : 'the default';
  return `profile: ${active} (${why}; --profile bz-companion|bugzilla-5.2|bugzilla-5.1|bmo)`;
}

/** Far more than a person's browser and tests need, far fewer than a default descriptor limit (1024). */
export const DEFAULT_MAX_CONNECTIONS = 512;

/**
 * Binds the port first (so a port in use leaves the data file untouched),
 * then opens the store, then serves. Resolves once listening; SIGINT/SIGTERM
 * stop accepting, let in-flight requests finish, persist, and exit 0.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const logLine = options.logRequests ? (line: string) => process.stdout.write(`${line}\n`) : undefined;
  // Before the port: recordings that cannot be read stop the start with nothing bound.
  const clock = new AdjustableClock();
  const answering = upstream(options.upstream ?? {}, clock, DEFAULT_BODY_LIMIT_BYTES, logLine);
  const port = await bindPort(options.host, options.port);
  // A cap on held sockets: thousands of slow clients would otherwise hold every descriptor, and
  // then every other client (and the data file's own opens) would be refused until they closed.
  capConnections(port.server, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  if (options.clock !== null) clock.freezeAt(options.clock);
  let opened: Awaited<ReturnType<typeof openServeStore>>;
  try {
    // On stderr: stdout's first line stays `listening on URL`, which scripts wait for.
    const progress = (line: string) => process.stderr.write(`bz-companion: ${line}\n`);
    opened = await openServeStore({ ...options, progress, upstreamOnly: answering.answersAll }, clock);
  } catch (error) {
    port.server.close();
    throw error;
  }
  const { store, adminApiKey, adminPassword, notes } = opened;
  const stopRetention = scheduleRetention(store, clock, RETENTION_INTERVAL_MS, (error) =>
    console.error('bz-companion: pruning old visits failed:', error),
  );
  const admin = options.admin
    ? await AdminControls.open({
        store,
        clock,
        fixture: null,
        clockStart: options.clock,
        recording: answering.recording,
        onReset: answering.reset,
        ...(options.latency ? { latency: options.latency } : {}),
        ...(logLine ? { log: logLine } : {}),
      })
    : undefined;
  const app = createApp({
    store,
    clock,
    options: {
      urlbase: () => `${port.baseUrl}/`,
      acceptsHost: hostPolicy(options.host, options.allowedHosts),
      ...(logLine ? { logRequest: logLine } : {}),
      ...(admin ? { admin } : {}),
      ...(options.profile ? { profile: options.profile } : {}),
      upstream: answering.middleware,
      ...(options.validate ? { validate: admin?.mismatches ?? new MismatchJournal() } : {}),
      ...(!admin && options.latency?.length ? { latency: latencyRules(options.latency) } : {}),
    },
  });
  notes.unshift(profileNote(options.profile, store.instance.profile));
  if (admin) notes.push(`admin api: ${port.baseUrl}/__admin/ (reset, requests, faults, clock, retention)`);
  if (answering.note) notes.push(answering.note);
  if (options.validate)
    notes.push(
      `validate: each mismatch with ${port.baseUrl}/rest/openapi.json is ${admin ? 'in /__admin/mismatches' : 'printed'}`,
    );
  if (options.latency?.length) notes.push(`latency: ${options.latency.length} rule(s) (--latency)`);
  if (options.clock !== null) notes.push(`clock: frozen at ${formatBugzillaTime(options.clock)}`);
  port.serveWith(app.callback());
  shutDownOnSignals(port.server, store, stopRetention);
  process.stdout.write(readyBanner(port.baseUrl, notes, adminApiKey, adminPassword));
  const warning = exposureWarning(port.address, options.admin);
  if (warning) console.error(warning);
}

function latencyRules(rules: readonly LatencyRule[]): LatencyRules {
  const latency = new LatencyRules();
  for (const rule of rules) latency.add(rule);
  return latency;
}
