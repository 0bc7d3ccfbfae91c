import { readFileSync } from 'node:fs';
import { type EndpointKey, splitEndpoint } from '@bz-companion/shared';
import { BUGZILLA_52_DIR } from './bugzilla-5.2-fixture.js';

/** One recorded request and 5.2's answer (format: test-data/bugzilla-5.2/README.md). */
export interface RecordedCase {
  n: number;
  name: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: string; body_note?: string };
  response: { status: number; body: string };
  /** psql snapshots around the request; `visits` are the bug's last-visit rows. */
  db?: {
    before: { bug?: Array<{ bug_id: number }>; visits?: VisitRow[] };
    after: { visits?: VisitRow[] };
  };
}

export interface VisitRow {
  user: string;
  last_visit_ts: string;
}

/** The request body: verbatim, or built from its note (`{"comment":"<65536 times x>"}`). */
export function requestBody(request: RecordedCase['request']): string | undefined {
  if (request.body !== undefined) return request.body;
  if (request.body_note === undefined) return undefined;
  return request.body_note.replace(/<(\d+) times (.)>/, (_, count: string, char: string) => char.repeat(Number(count)));
}

/** What a request did to a bug's visit rows: per user, `kept` or `set` (to the change time); gone users absent. */
export function visitEffects(before: readonly VisitRow[], after: readonly VisitRow[]): Record<string, 'kept' | 'set'> {
  const was = new Map(before.map((row) => [row.user, row.last_visit_ts]));
  return Object.fromEntries(after.map((row) => [row.user, was.get(row.user) === row.last_visit_ts ? 'kept' : 'set']));
}

/** A Bug.search whose order 5.2 leaves to the database (no id criterion, no limit). */
export function isUnorderedSearch(path: string): boolean {
  return path.startsWith('/rest/bug?') && !/[?&]id=/.test(path) && !/[?&]limit=/.test(path);
}

/**
 * When 5.2 answered the case: the latest time its answer and database rows show (history groups
 * one user's changes of one second, so a replay runs on the recorded clock); undefined when none.
 */
export function recordedTime(recorded: RecordedCase): number | undefined {
  const text = `${recorded.response.body} ${JSON.stringify(recorded.db?.after ?? {})}`;
  let latest: number | undefined;
  for (const [, date, time] of text.matchAll(/(2026-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)/g)) {
    const ms = Date.parse(`${date}T${time}Z`);
    if (latest === undefined || ms > latest) latest = ms;
  }
  return latest;
}

export function recordedCases(family: string): RecordedCase[] {
  const file = JSON.parse(readFileSync(`${BUGZILLA_52_DIR}${family}.json`, 'utf8')) as { cases: RecordedCase[] };
  return file.cases;
}

/**
 * Whether the case is about something bz-companion serves: a route it has for
 * that method and path, or an answer 5.2 gives to paths it lacks (32614),
 * which bz-companion gives the same way.
 */
export function isServed(endpoints: readonly EndpointKey[], recorded: RecordedCase): boolean {
  const { method, path: pathWithQuery } = recorded.request;
  if (recorded.response.status === 404 && recorded.response.body.includes('"code":32614')) return true;
  const path = pathWithQuery.split('?')[0] as string;
  return endpoints.some((key) => {
    const endpoint = splitEndpoint(key);
    return endpoint.method === method && new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path);
  });
}

/** API times, and the SQL times of a raw comment row in Bug.history (`2026-10-03 10:12:00`). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}Z?$/;

export interface ComparableOptions {
  /** Bug.search without an id criterion: 5.2 answers in PostgreSQL's storage order, so bugs are compared by id. */
  unordered?: boolean;
  /** The `documentation` URL of errors (bz-companion's own contract points at its own). */
  ignoreDocumentation?: boolean;
}

/**
 * An answer as one comparable value. Set aside, as the issue allows: key order
 * (Perl hash order), timestamps, `urlbase` (the recording's host), the time in a
 * lock-out message, the text of a Perl crash (code 100500; its code and
 * HTTP 200 are compared), update tokens (they hold the time), and the order of
 * the changes inside one history change set (5.2 writes them in hash order).
 */
export function comparable(status: number, text: string, options: ComparableOptions = {}): unknown {
  let body: unknown;
  try {
    body = text === '' ? '' : JSON.parse(text);
  } catch {
    body = text;
  }
  const normalized = normalize(body, '', options) as { bugs?: Array<{ id?: number }> } | null;
  if (options.unordered && Array.isArray(normalized?.bugs)) normalized.bugs.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return { status, body: normalized };
}

function changeKey(change: unknown): string {
  const { field_name, removed, added } = change as Record<string, string>;
  return `${field_name}\u0000${removed}\u0000${added}`;
}

function normalize(value: unknown, key: string, options: ComparableOptions): unknown {
  if (typeof value === 'string') {
    if (TIMESTAMP.test(value)) return '<time>';
    if (key === 'urlbase') return '<urlbase>';
    if (key === 'update_token') return '<token>';
    return value.replace(/until \d{4}-\d\d-\d\d \d\d:\d\d UTC/, 'until <time>');
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => normalize(item, key, options));
    return key === 'changes' ? items.sort((a, b) => changeKey(a).localeCompare(changeKey(b))) : items;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const normalized: Record<string, unknown> = {};
    for (const name of Object.keys(object).sort()) {
      if (name === 'documentation' && options.ignoreDocumentation) continue;
      normalized[name] = normalize(object[name], name, options);
    }
    if (object.code === 100500) normalized.message = '<perl crash>';
    return normalized;
  }
  return value;
}
