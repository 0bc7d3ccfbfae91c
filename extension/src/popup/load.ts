import { type ClockSkew, computeClockSkew, type LastVisit, parseBugzillaTime } from '@bz-companion/shared';
import type { DeliveryState } from '../background/local-state.js';
import { classify, type Problem } from '../common/problems.js';
import { isLocalTracker, originPattern, type Settings } from '../common/settings.js';
import { checkKey, trackerClient } from '../common/tracker.js';
import type { Platform } from '../platform/platform.js';

/** One part of the popup: loaded, or the problem that kept it from loading. */
export type Section<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export interface PopupData {
  settings: Settings;
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

const failed = (problem: Problem) => ({ ok: false as const, problem });

async function section<T>(load: () => Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    const sorted = classify(error);
    return failed('problem' in sorted ? sorted.problem : { kind: 'unexpected', detail: sorted.rejection.message });
  }
}

/** A problem that makes every request fail the same way, so it is shown once instead of per section. */
function isTrackerWide(problem: Problem): boolean {
  return ['unreachable', 'key-invalid', 'account-disabled', 'login-required', 'no-permission'].includes(problem.kind);
}

/**
 * Everything the popup shows, loaded in parallel. Each section fails on its
 * own (a 5.2 tracker's broken recent-visits list does not hide its version);
 * a problem that affects every request is lifted to `problem`.
 */
export async function loadPopupData(platform: Platform, now: () => number = Date.now): Promise<PopupData> {
  const settings = await platform.readSettings();
  const delivery = await platform
    .sendMessage<DeliveryState>({ type: 'delivery-state' })
    .catch(() => null as DeliveryState | null);
  const base = { settings, delivery, login: null };
  const everywhere = (problem: Problem): PopupData => ({
    ...base,
    problem,
    version: failed(problem),
    extensions: failed(problem),
    timezone: failed(problem),
    clock: failed(problem),
    lastAudit: failed(problem),
    recent: failed(problem),
  });

  if (!isLocalTracker(settings.trackerUrl)) {
    const origin = originPattern(settings.trackerUrl);
    if (!(await platform.hasHostPermission(origin))) return everywhere({ kind: 'no-permission', origin });
  }
  let login: string | null = null;
  let authMode =
    settings.authPreference === 'auto' ? delivery?.authModes[settings.trackerUrl] : settings.authPreference;
  let keyProblem: Problem | null = null;
  if (settings.apiKey && !authMode) {
    try {
      const check = await checkKey(settings, platform.fetch);
      authMode = check.authMode;
      login = check.login;
    } catch (error) {
      const sorted = classify(error);
      if ('problem' in sorted && sorted.problem.kind === 'unreachable') return everywhere(sorted.problem);
      // A rejected key still leaves what needs no key (version, timezone) worth showing.
      if ('problem' in sorted && isTrackerWide(sorted.problem)) keyProblem = sorted.problem;
    }
  }
  const client = trackerClient(settings, authMode ?? 'header', platform.fetch);
  const noKey: Problem = { kind: 'not-configured' };

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
    settings.apiKey
      ? section(async () =>
          (await client.lastVisit.recent())
            .filter((visit): visit is LastVisit => visit.last_visit_ts !== null)
            .map((visit) => ({ id: visit.id, visitedAt: parseBugzillaTime(visit.last_visit_ts) })),
        )
      : Promise.resolve(failed(noKey)),
  ]);
  const recentOrTooOld = knownBrokenRecent(version, recent);
  const sections = [version, extensions, timezone, clock, lastAudit, recentOrTooOld];
  const wide = sections.find((s): s is { ok: false; problem: Problem } => !s.ok && isTrackerWide(s.problem));
  if (wide && sections.every((s) => !s.ok)) return everywhere(wide.problem);
  // Some methods ignore credentials (version, timezone): show what loaded, with the problem above it.
  if (login === null && !keyProblem && settings.apiKey && authMode === 'header') {
    login = await client.whoami().then(
      (me) => me.login ?? me.name,
      () => null,
    );
  }
  const problem = keyProblem ?? wide?.problem ?? null;
  return { ...base, problem, login, version, extensions, timezone, clock, lastAudit, recent: recentOrTooOld };
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
