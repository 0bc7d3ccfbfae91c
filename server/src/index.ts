export type {
  AdminClockChange,
  AdminClockState,
  AdminErrorBody,
  Fault,
  FaultRule,
  RecordedRequest,
} from '@bz-companion/shared';
export { type AppOptions, createApp, DEFAULT_BODY_LIMIT_BYTES } from './app.js';
export { type Clock, systemClock } from './bugzilla/clock.js';
export { BugzillaError, errors } from './bugzilla/errors.js';
export { RateLimits } from './bugzilla/rate-limit/rate-limits.js';
export type { Store } from './bugzilla/store/store.js';
export type { ApiState } from './http/respond.js';
export { demoFixture } from './import/fixture/demo.js';
export { type Fixture, FixtureError, snapshotFromFixture } from './import/fixture/fixture.js';
export { PROFILE_NAMES, type ProfileName } from './profiles/profile.js';
export { chooseProfile } from './profiles/profiles.js';
export { WebhookPush } from './push/webhook-push.js';
export { openFileStore } from './stores/file/file-store.js';
export { createMemoryStore } from './stores/memory/memory-store.js';
export { type BzServer, type ServerClock, type StartServerOptions, startServer } from './test-double/start-server.js';
export { type EndpointHandler, endpointHandlers } from './webservice/rest/api-router.js';
