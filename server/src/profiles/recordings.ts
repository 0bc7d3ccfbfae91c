import { readFileSync } from 'node:fs';
import { type EndpointKey, splitEndpoint } from '@bz-companion/shared';
import { BUGZILLA_52_DIR } from '../testing/bugzilla-5.2-fixture.js';

/** One recorded request and 5.2's answer (format: test-data/bugzilla-5.2/README.md). */
export interface RecordedCase {
  n: number;
  name: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: string };
  response: { status: number; body: string };
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
    return endpoint.method === method && new RegExp(`^${endpoint.path.replace('{id}', '[^/]+')}$`).test(path);
  });
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * An answer as one comparable value. Set aside, as the issue allows: key order
 * (Perl hash order), timestamps, `urlbase` (the recording's host), the time in a
 * lock-out message, and the text of a Perl crash (code 100500; its code and
 * HTTP 200 are compared).
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
    if (key === 'urlbase') return '<urlbase>';
    return value.replace(/until \d{4}-\d\d-\d\d \d\d:\d\d UTC/, 'until <time>');
  }
  if (Array.isArray(value)) return value.map((item) => normalize(item, key));
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const normalized: Record<string, unknown> = {};
    for (const name of Object.keys(object).sort()) normalized[name] = normalize(object[name], name);
    if (object.code === 100500) normalized.message = '<perl crash>';
    return normalized;
  }
  return value;
}
