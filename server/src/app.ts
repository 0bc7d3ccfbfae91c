import Koa, { type Middleware } from 'koa';
import { adminApi } from './admin/admin-api.js';
import { applyFaults } from './admin/apply-faults.js';
import { applyLatency } from './admin/apply-latency.js';
import type { AdminControls } from './admin/controls.js';
import type { LatencyRules } from './admin/latency.js';
import { recordRequests } from './admin/record-requests.js';
import type { Clock } from './bugzilla/clock.js';
import { systemClock } from './bugzilla/clock.js';
import { RateLimits } from './bugzilla/rate-limit/rate-limits.js';
import type { Store } from './bugzilla/store/store.js';
import { blockedAddresses } from './http/blocked-address.js';
import { hostGuard, hostPolicy } from './http/host-check.js';
import { requestLog } from './http/request-log.js';
import { type ApiState, type Logger, respond } from './http/respond.js';
import { pages } from './pages/pages.js';
import { isProfileName, type ProfileName } from './profiles/profile.js';
import { chooseProfile } from './profiles/profiles.js';
import { WebhookPush } from './push/webhook-push.js';
import type { MismatchJournal } from './webservice/openapi/mismatch-journal.js';
import { serveOpenApi } from './webservice/openapi/serve-openapi.js';
import { validateTraffic } from './webservice/openapi/validate-traffic.js';
import { apiRoutes } from './webservice/rest/api-router.js';
import { rpcEndpoints } from './webservice/rpc/rpc-endpoints.js';

export interface AppOptions {
  /** The largest request body accepted, bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** The server's own base URL, ending in `/` (the `urlbase` parameter); by default the request's origin. */
  urlbase?: () => string;
  logger?: Logger;
  /** Which Host names to answer (DNS-rebinding defence); by default loopback names only. */
  acceptsHost?: (hostname: string) => boolean;
  /** Receives one line per request, API keys redacted. */
  logRequest?: (line: string) => void;
  /** Serve the admin API (`/__admin/`: reset, journal, faults, clock) over these controls. */
  admin?: AdminControls;
  /** The tracker to behave as; by default the data's `instance.profile`, else bz-companion. */
  profile?: ProfileName;
  /** Delays to add without the admin API (`serve --latency`); with it, the admin controls' rules apply. */
  latency?: LatencyRules;
  /** Answers in the store's place, before its routes: a proxy to a real tracker, or recordings replayed. */
  upstream?: Middleware<ApiState> | undefined;
  /** Check every REST request and answer against the OpenAPI description, journaling each mismatch here. */
  validate?: MismatchJournal | undefined;
}

export interface CreateAppInput {
  store: Store;
  clock?: Clock;
  options?: AppOptions;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the Koa app over a store. It knows nothing of argv, files or ports. */
export function createApp({ store, clock = systemClock, options = {} }: CreateAppInput): Koa<ApiState> {
  const app = new Koa<ApiState>();
  const logger = options.logger ?? { error: (message, error) => console.error(`bz-companion: ${message}`, error) };
  const profile = () => {
    const fromData = store.instance.profile;
    return chooseProfile(options.profile, isProfileName(fromData) ? fromData : undefined);
  };
  // With the admin API, its clock is the one everything reads (tests set it).
  const deps = {
    store,
    clock: options.admin?.clock ?? clock,
    urlbase: options.urlbase,
    profile,
    failures: store.loginFailures,
    rateLimits: new RateLimits(() => store.instance.parameters),
    push: options.admin?.push ?? new WebhookPush(store, options.admin?.clock ?? clock),
  };
  const { admin } = options;
  if (admin) app.use(recordRequests(admin.journal, deps.clock));
  if (options.logRequest) app.use(requestLog(options.logRequest));
  if (options.validate) {
    const log = admin ? admin.log : (line: string) => console.error(line);
    app.use(validateTraffic({ journal: options.validate, clock: deps.clock, profile, log }));
  }
  const style = () => {
    const { documentationUrl, htmlForBrowsers } = profile();
    return { documentationUrl, htmlForBrowsers, urlbase: store.instance.parameters.urlbase };
  };
  app.use(respond(logger, hostGuard(options.acceptsHost ?? hostPolicy('127.0.0.1')), style));
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  if (admin) app.use(adminApi(admin)).use(applyFaults(admin.faults, admin.log, bodyLimitBytes));
  // Before any route, after the admin API (which is never blocked): BMO's BlockIP plugin.
  app.use(blockedAddresses(deps.rateLimits, deps.clock));
  const latency = admin?.latency ?? options.latency;
  if (latency) app.use(applyLatency(latency));
  app.use(serveOpenApi(profile));
  if (options.upstream) app.use(options.upstream);
  app.use(apiRoutes(deps, { bodyLimitBytes }));
  // After the REST routes, which pass on only what is not under /rest/: a REST request never meets it.
  app.use(rpcEndpoints(deps, bodyLimitBytes, logger));
  app.use(pages(store));
  return app;
}
