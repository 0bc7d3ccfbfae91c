import type { AdminClockState, Fault, Latency, LatencyRule } from '@bz-companion/shared';
import type { AdjustableClock } from '../bugzilla/adjustable-clock.js';
import type { StoreSnapshot } from '../bugzilla/store/snapshot.js';
import type { Store } from '../bugzilla/store/store.js';
import { type OwnedData, ownedData } from '../bugzilla/store/store.js';
import { pruneExpiredVisits } from '../bugzilla/visit/retention.js';
import { snapshotFromFixture } from '../import/fixture/fixture.js';
import { forgetUnknownLogins } from '../login/unknown-logins.js';
import { WebhookPush } from '../push/webhook-push.js';
import { MismatchJournal } from '../webservice/openapi/mismatch-journal.js';
import { describeFault } from './apply-faults.js';
import { parseAdvance, parseClockChange } from './clock-change.js';
import { FaultRules } from './faults.js';
import { LatencyRules } from './latency.js';
import type { RecordingControl } from './recording-control.js';
import { RequestJournal } from './request-journal.js';
import { addWebhook, deleteWebhook, listWebhooks } from './webhooks-admin.js';

export interface AdminControlsInput {
  store: Store;
  clock: AdjustableClock;
  /** The fixture the server started from, with its API keys in clear; null when it opened existing data. */
  fixture: unknown;
  /** Where the clock stood at start: an instant it was frozen at, or null for the system clock. */
  clockStart: number | null;
  /** Receives a line for each fault added, applied or removed and each clock change (`--log-requests`). */
  log?: (line: string) => void;
  /** Recording, when the server is a proxy (`--proxy`): the admin API starts and stops it. */
  recording?: RecordingControl;
  /** Runs on each reset, for state kept outside the controls (replayed recordings start over). */
  onReset?: () => void;
  /** Latency rules in force from the start (and again after each reset). */
  latency?: readonly LatencyRule[];
}

/**
 * What a test controls, whether through `startServer` or over HTTP (`/__admin/`):
 * one object, so both always agree.
 */
export class AdminControls {
  readonly journal = new RequestJournal();
  readonly faults = new FaultRules();
  readonly latency = new LatencyRules();
  /** What `--validate` found (empty without it). */
  readonly mismatches = new MismatchJournal();
  readonly clock: AdjustableClock;
  /** BMO's webhooks' push: its deliveries are the admin API's to read, and a reset empties its backlogs. */
  readonly push: WebhookPush;
  readonly recording: RecordingControl | undefined;
  readonly log: ((line: string) => void) | undefined;
  readonly #store: Store;
  readonly #startSnapshot: StoreSnapshot;
  readonly #owned: OwnedData;
  readonly #startFixture: unknown;
  readonly #clockStart: number | null;
  readonly #startLatency: readonly LatencyRule[];
  readonly #onReset: (() => void) | undefined;
  #fixture: unknown;

  /**
   * Reads the starting data (what a reset goes back to) before the controls exist:
   * a database store reads it asynchronously, and a read still under way when the
   * first request writes would take that write into the starting data.
   */
  static async open(input: AdminControlsInput): Promise<AdminControls> {
    const owned = ownedData(input.store, 'the admin API (a reset replaces the content)');
    return new AdminControls(input, owned, await owned.snapshot());
  }

  private constructor(input: AdminControlsInput, owned: OwnedData, startSnapshot: StoreSnapshot) {
    this.#store = input.store;
    this.clock = input.clock;
    this.push = new WebhookPush(input.store, input.clock);
    this.log = input.log;
    this.recording = input.recording;
    // Only a store that owns its data can be reset (not a Bugzilla database: serve refuses --admin there).
    this.#owned = owned;
    this.#startSnapshot = startSnapshot;
    this.#startFixture = input.fixture;
    this.#fixture = input.fixture;
    this.#clockStart = input.clockStart;
    this.#startLatency = input.latency ?? [];
    this.#onReset = input.onReset;
    for (const rule of this.#startLatency) this.latency.add(rule);
  }

  /** The fixture the data now comes from (for `apiKey`), or null. */
  get fixture(): unknown {
    return this.#fixture;
  }

  /**
   * As if the server had just started: its starting data (or `fixture`'s), no
   * faults, the clock as it started, an empty journal (whose `n` keeps
   * counting). An invalid fixture throws FixtureError and changes nothing.
   */
  async reset(fixture?: unknown): Promise<void> {
    const snapshot = fixture === undefined ? this.#startSnapshot : snapshotFromFixture(fixture);
    await this.#owned.replaceAll(snapshot);
    this.#fixture = fixture === undefined ? this.#startFixture : structuredClone(fixture);
    this.faults.clear();
    this.latency.clear();
    for (const rule of this.#startLatency) this.latency.add(rule);
    this.journal.clear();
    this.push.reset();
    // Lock-outs are part of the state a reset forgets.
    await this.#store.loginFailures.clearAll();
    forgetUnknownLogins(this.#store.loginFailures);
    this.clock.set(null);
    this.clock.setDbTimeOffset(undefined);
    if (this.#clockStart !== null) this.clock.freezeAt(this.#clockStart);
    this.#onReset?.();
    this.log?.('admin: reset');
  }

  /** Adds a rule (validated: AdminError 400 naming the problem). */
  addFault(rule: unknown): Fault {
    const fault = this.faults.add(rule);
    this.log?.(`admin: fault ${fault.id} added: ${describeFault(fault)}`);
    return fault;
  }

  deleteFault(id: string): boolean {
    const deleted = this.faults.delete(id);
    if (deleted) this.log?.(`admin: fault ${id} removed`);
    return deleted;
  }

  clearFaults(): number {
    const count = this.faults.clear();
    this.log?.(`admin: ${count} faults removed`);
    return count;
  }

  /** Adds a latency rule (validated: AdminError 400 naming the problem). */
  addLatency(rule: unknown): Latency {
    const latency = this.latency.add(rule);
    this.log?.(`admin: latency ${latency.id} added`);
    return latency;
  }

  deleteLatency(id: string): boolean {
    const deleted = this.latency.delete(id);
    if (deleted) this.log?.(`admin: latency ${id} removed`);
    return deleted;
  }

  clearLatency(): number {
    const count = this.latency.clear();
    this.log?.(`admin: ${count} latency rules removed`);
    return count;
  }

  clockState(): AdminClockState {
    return this.clock.state(this.#store.instance.dbTimeOffsetSeconds);
  }

  /** Applies a `PUT /__admin/clock` body (validated first: AdminError 400, nothing changed). */
  changeClock(input: unknown): AdminClockState {
    const change = parseClockChange(input);
    if (change.now !== undefined) this.clock.set(change.now);
    if (change.frozen === true) this.clock.freeze();
    if (change.frozen === false) this.clock.resume();
    if (change.db_time_offset_seconds !== undefined) this.clock.setDbTimeOffset(change.db_time_offset_seconds);
    return this.#clockChanged();
  }

  /** Moves the clock forward (a `POST /__admin/clock/advance` body). */
  advanceClock(input: unknown): AdminClockState {
    this.clock.advance(parseAdvance(input));
    return this.#clockChanged();
  }

  #clockChanged(): AdminClockState {
    const state = this.clockState();
    this.log?.(
      `admin: clock ${state.now}${state.frozen ? ' (frozen)' : ''}, db offset ${state.db_time_offset_seconds} s`,
    );
    return state;
  }

  /** Adds a webhook (a fixture's `webhooks` entry; validated: AdminError 400 naming the problem). */
  async addWebhook(input: unknown) {
    const webhook = await addWebhook(this.#store, input);
    this.log?.(`admin: webhook ${webhook.id} added`);
    return (await listWebhooks(this.#store, this.push)).find((listed) => listed.id === webhook.id);
  }

  async deleteWebhook(id: number): Promise<boolean> {
    const deleted = await deleteWebhook(this.#store, id);
    if (deleted) this.log?.(`admin: webhook ${id} removed`);
    return deleted;
  }

  webhooks() {
    return listWebhooks(this.#store, this.push);
  }

  /** Runs the visit clean-up now, as clean-bug-user-last-visit.pl does; resolves to how many went. */
  retention(): Promise<number> {
    return pruneExpiredVisits(this.#store, this.clock, true);
  }
}
