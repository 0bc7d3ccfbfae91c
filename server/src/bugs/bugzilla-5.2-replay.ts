import { readFileSync } from 'node:fs';
import { BUGZILLA_52_DIR } from '../testing/bugzilla-5.2-fixture.js';

/** One recorded request and 5.2's answer (see test-data/bugzilla-5.2/README.md). */
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

/** What a request did to a bug's visit rows: per user, `kept` or `set` (to the change time); gone users absent. */
export function visitEffects(before: readonly VisitRow[], after: readonly VisitRow[]): Record<string, 'kept' | 'set'> {
  const was = new Map(before.map((row) => [row.user, row.last_visit_ts]));
  return Object.fromEntries(after.map((row) => [row.user, was.get(row.user) === row.last_visit_ts ? 'kept' : 'set']));
}

export function recordedCases(family: string): RecordedCase[] {
  const file = JSON.parse(readFileSync(`${BUGZILLA_52_DIR}${family}.json`, 'utf8')) as { cases: RecordedCase[] };
  return file.cases;
}

/** The request body: verbatim, or built from its note (`{"comment":"<65536 times x>"}`). */
export function requestBody(request: RecordedCase['request']): string | undefined {
  if (request.body !== undefined) return request.body;
  if (request.body_note === undefined) return undefined;
  return request.body_note.replace(/<(\d+) times (.)>/, (_, count: string, char: string) => char.repeat(Number(count)));
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}Z?$/;

/**
 * What must match between 5.2's answer and ours, as one comparable value:
 * key order (Perl hash order), timestamps, update tokens, the error
 * documentation URL and the order of changes inside one change set (5.2
 * writes them in hash order) are set aside. Bug.search without an id
 * criterion answers in PostgreSQL's storage order, which nothing defines;
 * `unordered` compares its bugs by id.
 */
export function comparable(status: number, text: string, unordered = false): unknown {
  let body: unknown;
  try {
    body = text === '' ? '' : JSON.parse(text);
  } catch {
    body = text;
  }
  const normalized = normalize(body, '') as { bugs?: Array<{ id?: number }> };
  if (unordered && Array.isArray(normalized?.bugs)) normalized.bugs.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return { status, body: normalized };
}

/** A Bug.search whose order 5.2 leaves to the database. */
export function isUnorderedSearch(path: string): boolean {
  return path.startsWith('/rest/bug?') && !/[?&]id=/.test(path) && !/[?&]limit=/.test(path);
}

function changeKey(change: unknown): string {
  const { field_name, removed, added } = change as Record<string, string>;
  return `${field_name}\u0000${removed}\u0000${added}`;
}

function normalize(value: unknown, key: string): unknown {
  if (typeof value === 'string') {
    if (TIMESTAMP.test(value)) return '<time>';
    if (key === 'update_token') return '<token>';
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => normalize(item, key));
    return key === 'changes' ? items.sort((a, b) => changeKey(a).localeCompare(changeKey(b))) : items;
  }
  if (value !== null && typeof value === 'object') {
    const object: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      if (name === 'documentation') continue;
      object[name] = normalize(inner, name);
    }
    return object;
  }
  return value;
}
