import {
  type AuthMode,
  type BugzillaClient,
  type ClockSkew,
  computeClockSkew,
  type LastVisit,
  parseBugzillaTime,
} from '@bz-companion/shared';
import { clockNow } from '../common/clock.js';
import type { DeliveryState } from '../common/delivery-state.js';
import { asProblem, classify, isGarbledAnswer, type Problem } from '../common/problems.js';
import { isLocalTracker, originPattern, type Tracker } from '../common/trackers.js';
import type { Platform } from '../platform/platform.js';
import { checkKey, trackerClient } from '../tracker/client.js';

/** One part of the popup: loaded, or the problem that kept it from loading. */
export type Section<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export interface PopupData {
  tracker: Tracker;
  /** A problem with the whole tracker (no permission, unreachable, bad key), shown above the sections. */
  problem: Problem | null;
  login: string | null;
  version: Section<string>;
  extensions: Section<Array<{ name: string; version: string }>>;
  timezone: Section<string>;
  clock: Section<ClockSkew>;
  lastAudit: Section<number | null>;
  recent: Section<Array<{ id: number; visitedAt: number }>>;
  delivery: DeliveryState | null;
}

type Sections = Pick<PopupData, 'version' | 'extensions' | 'timezone' | 'clock' | 'lastAudit' | 'recent'>;

const failed = (problem: Problem) => ({ ok: false as const, problem });

/**
 * One section's request. An empty or non-JSON 200 (5.2 on PostgreSQL under
 * concurrent requests) is tried once more before the section says "unavailable".
 */
async function section<T>(load: () => Promise<T>): Promise<Section<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await load() };
    } catch (error) {
      if (attempt === 1 && isGarbledAnswer(error)) continue;
      return failed(asProblem(error));
    }
  }
}

/** A problem that makes every request fail the same way, so it is shown once instead of per section. */
function isTrackerWide(problem: Problem): boolean {
  return ['unreachable', 'key-invalid', 'account-disabled', 'login-required', 'no-permission'].includes(problem.kind);
}

function everywhere(problem: Problem): Sections {
  const all = failed(problem);
  return { version: all, extensions: all, timezone: all, clock: all, lastAudit: all, recent: all };
}

/** How the key is sent, and who it belongs to, when the background has not found out yet. */
async function detectKey(tracker: Tracker, known: AuthMode | null | undefined, platform: Platform) {
  const preferred = tracker.authPreference === 'auto' ? known : tracker.authPreference;
  if (!tracker.apiKey || preferred) return { authMode: preferred ?? 'header', login: null, problem: null };
  try {
    const check = await checkKey(tracker, platform.fetch);
    return { authMode: check.authMode, login: check.login, problem: null };
  } catch (error) {
    const classification = classify(error);
    const problem =
      'problem' in classification && isTrackerWide(classification.problem) ? classification.problem : null;
    return { authMode: 'header' as AuthMode, login: null, problem };
  }
}

async function loadSections(client: BugzillaClient, tracker: Tracker, now: () => number): Promise<Sections> {
  const [version, extensions, timezone, clock, lastAudit, recent] = await Promise.all([
    section(async () => (await client.version()).version),
    section(async () =>
      Object.entries((await client.extensions()).extensions).map(([name, { version }]) => ({ name, version })),
    ),
    section(async () => (await client.timezone()).timezone),
    section(async () => {
      const sentAt = now();
      const time = await client.time();
      return computeClockSkew({ sentAt, receivedAt: now(), dbTime: time.db_time, webTime: time.web_time });
    }),
    section(async () => {
      const { last_audit_time: last } = await client.lastAuditTime();
      return last === null ? null : parseBugzillaTime(last);
    }),
    tracker.apiKey
      ? section(async () =>
          (await client.lastVisit.recent())
            .filter((visit): visit is LastVisit => visit.last_visit_ts !== null)
            .map((visit) => ({ id: visit.id, visitedAt: parseBugzillaTime(visit.last_visit_ts) })),
        )
      : Promise.resolve(failed({ kind: 'not-configured' })),
  ]);
  return { version, extensions, timezone, clock, lastAudit, recent: knownBrokenRecent(version, recent) };
}

/**
 * Everything the popup shows about one tracker, loaded in parallel. Each
 * section fails on its own (a 5.2 tracker's broken recent-visits list does
 * not hide its version); a problem that affects every request is lifted to
 * `problem`.
 */
export async function loadPopupData(
  platform: Platform,
  tracker: Tracker,
  now: () => number = clockNow,
): Promise<PopupData> {
  const delivery = await platform
    .sendMessage<DeliveryState>({ type: 'delivery-state', tracker: tracker.id })
    .catch(() => null as DeliveryState | null);
  const base = { tracker, delivery, login: null };
  if (!isLocalTracker(tracker.url)) {
    const origin = originPattern(tracker.url);
    const problem: Problem = { kind: 'no-permission', origin };
    if (!(await platform.hasHostPermission(origin))) return { ...base, problem, ...everywhere(problem) };
  }
  const key = await detectKey(tracker, delivery?.authMode, platform);
  if (key.problem?.kind === 'unreachable') return { ...base, problem: key.problem, ...everywhere(key.problem) };
  const client = trackerClient(tracker, key.authMode, platform.fetch);
  const sections = await loadSections(client, tracker, now);
  const all = Object.values(sections) as Array<Section<unknown>>;
  const failures = all.filter((s): s is { ok: false; problem: Problem } => !s.ok);
  const wide = failures.find((s) => isTrackerWide(s.problem));
  // Nothing loaded (a 503 to everything): that is the tracker's problem, said once above, not six "unavailable".
  const broken = wide ?? failures.find((s) => s.problem.kind === 'server-error' || s.problem.kind === 'unexpected');
  const allFailed = failures.length === all.length ? broken : undefined;
  if (allFailed) return { ...base, problem: allFailed.problem, ...everywhere(allFailed.problem) };
  // Some methods ignore credentials (version, timezone): show what loaded, with the problem above it.
  const login = key.login ?? (key.problem ? null : await whoamiLogin(client, tracker));
  return { ...base, ...sections, login, problem: key.problem ?? wide?.problem ?? null };
}

/** The login, where the key goes as a header and the tracker has /rest/whoami. */
async function whoamiLogin(client: BugzillaClient, tracker: Tracker): Promise<string | null> {
  if (!tracker.apiKey || client.authMode !== 'header') return null;
  return client.whoami().then(
    (me) => me.login ?? me.name,
    () => null,
  );
}

/**
 * Bugzilla 5.0.x and 5.2.x crash (HTTP 500) when asked for a user's visits; a
 * failure there on those versions means "too old", not "something broke".
 */
function knownBrokenRecent<T>(version: Section<string>, recent: Section<T>): Section<T> {
  if (recent.ok || recent.problem.kind !== 'server-error' || !version.ok) return recent;
  if (!/^5\.[02](\.|$|\+)/.test(version.value)) return recent;
  return failed({
    kind: 'too-old',
    detail: `Bugzilla ${version.value} cannot list recent visits (fixed in later versions)`,
  });
}
