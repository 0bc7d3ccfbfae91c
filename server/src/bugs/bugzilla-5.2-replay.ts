import { readFileSync } from 'node:fs';
import { BUGZILLA_52_DIR } from '../testing/bugzilla-5.2-fixture.js';

/** One recorded request and 5.2's answer (see test-data/bugzilla-5.2/README.md). */
export interface RecordedCase {
  n: number;
  name: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: string; body_note?: string };
  response: { status: number; body: string };
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
 * writes them in hash order) are set aside.
 */
export function comparable(status: number, text: string): unknown {
  let body: unknown;
  try {
    body = text === '' ? '' : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status, body: normalize(body, '') };
}

function normalize(value: unknown, key: string): unknown {
  if (typeof value === 'string') {
    if (TIMESTAMP.test(value)) return '<time>';
    if (key === 'update_token') return '<token>';
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => normalize(item, key));
    return key === 'changes' ? items.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) : items;
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
