import type { AdminClockState, FaultRule, LatencyRule, RecordedRequest, RecordingState } from '@bz-companion/shared';
import { AdminControls } from '../admin/controls.js';
import { parseLatencyRule } from '../admin/latency.js';
import { createApp, DEFAULT_BODY_LIMIT_BYTES } from '../app.js';
import { bindPort } from '../bind-port.js';
import { AdjustableClock, parseInstant } from '../bugzilla/adjustable-clock.js';
import type { StoreSnapshot } from '../bugzilla/store/snapshot.js';
import type { Store } from '../bugzilla/store/store.js';
import { ownedData } from '../bugzilla/store/store.js';
import { apiKeyOf } from '../bugzilla/user/api-key-of.js';
import { pruneExpiredVisits, scheduleRetention } from '../bugzilla/visit/retention.js';
import { hostPolicy } from '../http/host-check.js';
import { demoFixture } from '../import/fixture/demo.js';
import { type Fixture, FixtureError, snapshotFromFixture } from '../import/fixture/fixture.js';
import { readFixtureFile } from '../import/fixture/fixture-file.js';
import type { ProfileName } from '../profiles/profile.js';
import { openStore, type StoreTarget } from '../stores/open/open-store.js';
import type { Mismatch } from '../webservice/openapi/mismatch-journal.js';
import { type Upstream, upstream } from './upstream.js';

export interface StartServerOptions {
  /** A fixture object, or the path of a fixture file (format: docs/fixtures.md); default: demo data. */
  fixture?: Fixture | string;
  /** Start frozen at this instant (`2026-01-01T00:00:00Z`); default: the system clock, running. */
  clock?: string | Date;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Keep the data durable in this file, as `serve --data` does; default: in memory.
   * A file that exists is opened as it is (the fixture then only supplies `apiKey`);
   * a missing one is created from the fixture.
   */
  dataFile?: string;
  /**
   * Keep the data in this PostgreSQL database instead (`serve --database`): its content
   * is replaced by the fixture, as a test double starts from its fixture.
   */
  database?: string;
  /** Behave as this tracker; default: the fixture's `instance.profile`, else bz-companion. */
  profile?: ProfileName;
  /** Delays before each answer, as `serve --latency`; kept through resets. */
  latency?: LatencyRule | readonly LatencyRule[];
  /** Forward every request to this tracker instead of answering from the fixture (`serve --proxy`). */
  proxy?: string;
  /** With `proxy`: write each exchange into this directory, credentials removed (`--record`). */
  record?: string;
  /** Answer from the recordings in this directory (`--replay`). */
  replay?: string;
  /** With `replay`: what no recording matches is answered from the fixture's data (`--fallback`). */
  fallback?: boolean;
  /** Check every REST request and answer against the OpenAPI description (`serve --validate`): see mismatches(). */
  validate?: boolean;
}

/** The test's handle on a controllable clock; every change is what the admin API's clock endpoints do. */
export interface ServerClock {
  /** Moves to this instant (still frozen if frozen); null goes back to the system clock. */
  set(instant: string | Date | null): AdminClockState;
  /** Moves forward by this many seconds (0 or more). */
  advance(seconds: number): AdminClockState;
  freeze(): AdminClockState;
  /** Runs on from where it stands. */
  resume(): AdminClockState;
  /** Runs the database clock this many seconds ahead of the web clock. */
  setDbTimeOffset(seconds: number): AdminClockState;
  state(): AdminClockState;
}

export interface BzServer {
  /** `http://127.0.0.1:PORT/`, ending in `/`. */
  readonly url: string;
  /** The fixture's first live API key of this user; throws for an unknown login or a user without one. */
  apiKey(login: string): string;
  /** As if just started: the starting data (or `fixture`'s), no faults, the clock as started, an empty journal. */
  reset(fixture?: Fixture | string): Promise<void>;
  /** The request journal, oldest first (admin requests are never in it). */
  requests(options?: { since?: number }): RecordedRequest[];
  /** Empties the journal; returns how many requests it held. */
  clearRequests(): number;
  /** Adds a fault rule (docs/test-double.md); returns its id. Throws on an invalid rule. */
  fault(rule: FaultRule): string;
  /** Removes one fault rule; false when there is none with that id. */
  removeFault(id: string): boolean;
  /** Removes every fault rule; returns how many there were. */
  clearFaults(): number;
  /** Adds a latency rule; returns its id. Throws on an invalid rule. */
  latency(rule: LatencyRule): string;
  /** Removes one latency rule (false when there is none with that id), or every one (returns how many). */
  removeLatency(id: string): boolean;
  clearLatency(): number;
  /** What is being recorded (a proxy's exchanges), and what was written or refused. */
  recordings(): RecordingState;
  /** Starts writing exchanges into `dir` (default: the `record` option's); only a proxy records. */
  startRecording(dir?: string): RecordingState;
  stopRecording(): RecordingState;
  /** What `validate` found, oldest first. */
  mismatches(options?: { since?: number }): Mismatch[];
  /** Runs the visit clean-up now (as clean-bug-user-last-visit.pl); resolves to how many visits went. */
  runRetention(): Promise<number>;
  readonly clock: ServerClock;
  /** Closes the port and the store; a second call does nothing. */
  stop(): Promise<void>;
}

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A bz-companion in this process, with the admin API on, for tests. Several
 * may run at once: each has its own store, clock, journal and faults.
 */
export async function startServer(options: StartServerOptions = {}): Promise<BzServer> {
  // Checked before a port is bound: a bad rule throws (naming it) with nothing left open.
  const latency = ([] as LatencyRule[]).concat(options.latency ?? []).map(parseLatencyRule);
  const clock = new AdjustableClock();
  const answering = upstream(options, clock, DEFAULT_BODY_LIMIT_BYTES);
  const clockStart = options.clock === undefined ? null : instantOf(options.clock);
  if (clockStart !== null) clock.freezeAt(clockStart);
  const fixture = await fixtureObject(options.fixture ?? demoFixture(clock.now()).fixture);
  const snapshot = snapshotFromFixture(fixture);
  const host = options.host ?? '127.0.0.1';
  const { server, baseUrl, serveWith } = await bindPort(host, options.port ?? 0);

  let store: Store;
  try {
    store = await openTestStore(options, snapshot);
  } catch (error) {
    server.close();
    throw error;
  }
  let controls: AdminControls;
  try {
    await pruneExpiredVisits(store, clock);
    controls = await AdminControls.open({
      store,
      clock,
      fixture,
      clockStart,
      latency,
      recording: answering.recording,
      onReset: answering.reset,
    });
  } catch (error) {
    server.close();
    await store.close();
    throw error;
  }
  const stopRetention = scheduleRetention(store, clock, RETENTION_INTERVAL_MS, (error) =>
    console.error('bz-companion: pruning old visits failed:', error),
  );
  const url = `${baseUrl}/`;
  serveWith(
    createApp({
      store,
      options: {
        urlbase: () => url,
        acceptsHost: hostPolicy(host),
        admin: controls,
        upstream: answering.middleware,
        ...(options.validate ? { validate: controls.mismatches } : {}),
        ...(options.profile ? { profile: options.profile } : {}),
      },
    }).callback(),
  );

  return handleOf(controls, answering, url, () => {
    stopRetention();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Tests stop between cases: nothing in flight is worth waiting for (hung requests never end).
    server.closeAllConnections();
    return closed.then(() => store.close());
  });
}

/** The test's store: PostgreSQL when asked, a data file when asked, else memory; always holding the test's starting data. */
async function openTestStore(options: StartServerOptions, snapshot: StoreSnapshot): Promise<Store> {
  const target: StoreTarget =
    options.database !== undefined
      ? { kind: 'postgres', url: options.database, seed: snapshot }
      : options.dataFile !== undefined
        ? { kind: 'file', path: options.dataFile, create: () => snapshot }
        : { kind: 'memory', snapshot };
  const { store, created } = await openStore(target);
  // A database that held data already: the test's starting data replaces it.
  if (target.kind === 'postgres' && !created) await ownedData(store, 'replacing the content').replaceAll(snapshot);
  return store;
}

/** The handle a test holds: the admin controls as methods, and a stop that runs once. */
function handleOf(controls: AdminControls, answering: Upstream, url: string, close: () => Promise<unknown>): BzServer {
  let stopped: Promise<void> | undefined;
  return {
    url,
    apiKey: (login) => apiKeyOf(controls.fixture, login),
    reset: async (next) => controls.reset(next === undefined ? undefined : await fixtureObject(next)),
    requests: ({ since = 0 } = {}) => controls.journal.list(since),
    clearRequests: () => controls.journal.clear(),
    fault: (rule) => controls.addFault(rule).id,
    removeFault: (id) => controls.deleteFault(id),
    clearFaults: () => controls.clearFaults(),
    latency: (rule) => controls.addLatency(rule).id,
    removeLatency: (id) => controls.deleteLatency(id),
    clearLatency: () => controls.clearLatency(),
    recordings: () => answering.recording.state(),
    startRecording: (dir) => answering.recording.start(dir),
    stopRecording: () => answering.recording.stop(),
    mismatches: ({ since = 0 } = {}) => controls.mismatches.list(since),
    runRetention: () => controls.retention(),
    clock: {
      set: (instant) => controls.changeClock({ now: instant instanceof Date ? instant.toISOString() : instant }),
      advance: (seconds) => controls.advanceClock({ seconds }),
      freeze: () => controls.changeClock({ frozen: true }),
      resume: () => controls.changeClock({ frozen: false }),
      setDbTimeOffset: (seconds) => controls.changeClock({ db_time_offset_seconds: seconds }),
      state: () => controls.clockState(),
    },
    stop() {
      stopped ??= close().then(() => undefined);
      return stopped;
    },
  };
}

function instantOf(value: string | Date): number {
  const ms = value instanceof Date ? value.getTime() : parseInstant(value);
  if (ms === undefined || Number.isNaN(ms)) {
    throw new TypeError(
      `bz-companion: clock must be an ISO 8601 instant such as "2026-01-01T00:00:00Z", not "${value}"`,
    );
  }
  return ms;
}

async function fixtureObject(fixture: Fixture | string): Promise<unknown> {
  if (typeof fixture !== 'string') return fixture;
  const parsed = await readFixtureFile(fixture);
  try {
    snapshotFromFixture(parsed);
  } catch (error) {
    if (error instanceof FixtureError) throw new FixtureError(`fixture ${fixture}: ${error.message}`);
    throw error;
  }
  return parsed;
}
