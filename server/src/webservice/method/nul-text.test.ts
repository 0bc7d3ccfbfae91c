import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * Text no PostgreSQL column can hold (a NUL, a lone surrogate) in every place a client can put
 * text: answered on every store as the in-memory store answers it, never a 500. (This file runs
 * once per store: vitest.config.ts.)
 */

let tested: BzServer;
let reference: InProcessServer;
beforeAll(async () => {
  [tested, reference] = await Promise.all([
    startServer({ fixture: standardFixture() }),
    serveInProcess(standardFixture()),
  ]);
});
afterAll(() => Promise.all([tested.stop(), reference.stop()]));

interface Call {
  method: string;
  path: string;
  body?: unknown;
  key?: string;
}

const NUL = 'a\u0000b';
const SURROGATE = 'a\uD800b';

const calls = (text: string, escaped: string): Call[] => [
  { method: 'GET', path: `/rest/bug/${escaped}` },
  { method: 'GET', path: `/rest/bug/${escaped}/comment` },
  { method: 'GET', path: `/rest/bug/${escaped}/history` },
  { method: 'GET', path: `/rest/bug?alias=${escaped}` },
  { method: 'GET', path: `/rest/bug?summary=${escaped}`, key: KEYS.admin },
  { method: 'GET', path: `/rest/bug?ids=${escaped}` },
  { method: 'GET', path: `/rest/login?login=${escaped}&password=${escaped}` },
  { method: 'GET', path: `/rest/valid_login?login=${escaped}`, key: KEYS.bob },
  { method: 'GET', path: `/rest/whoami?Bugzilla_api_key=${escaped}` },
  { method: 'GET', path: `/rest/whoami?Bugzilla_token=1-${escaped}` },
  { method: 'GET', path: `/rest/bug_user_last_visit/${escaped}`, key: KEYS.bob },
  { method: 'POST', path: `/rest/bug_user_last_visit/${escaped}`, key: KEYS.bob },
  { method: 'POST', path: '/rest/bug_user_last_visit', body: { ids: [text] }, key: KEYS.bob },
  { method: 'POST', path: '/rest/bug/1/comment', body: { comment: `x${text}` }, key: KEYS.admin },
  {
    method: 'GET',
    path: `/jsonrpc.cgi?method=Bug.get&params=${encodeURIComponent(JSON.stringify([{ ids: [text] }]))}`,
  },
  { method: 'GET', path: `/rest/bug/1?include_fields=${escaped}` },
  ...searchCalls(text, escaped),
];

/** Bug.search's multi-valued criteria: each parameter and each part of a chart on them. */
const searchCalls = (text: string, escaped: string): Call[] => [
  ...['cc', 'keywords', 'depends_on', 'blocks', 'dependson', 'blocked', 'url', 'whiteboard', 'target_milestone'].map(
    (name) => ({
      method: 'GET',
      path: `/rest/bug?${name}=${escaped}`,
      key: KEYS.admin,
    }),
  ),
  { method: 'GET', path: `/rest/bug?keywords=x&keywords_type=${escaped}` },
  { method: 'GET', path: `/rest/bug?depends_on=1&dependson_type=${escaped}` },
  ...['cc', 'keywords', 'dependson', 'blocked'].flatMap((field) =>
    ['equals', 'anywords', 'regexp', 'nowordssubstr', escaped].map((operator) => ({
      method: 'GET',
      path: `/rest/bug?f1=${field}&o1=${operator}&v1=${escaped}`,
      key: KEYS.admin,
    })),
  ),
  {
    method: 'GET',
    path: `/jsonrpc.cgi?method=Bug.search&params=${encodeURIComponent(
      JSON.stringify([
        {
          cc: text,
          keywords: [text],
          keywords_type: 'anywords',
          depends_on: text,
          f1: 'keywords',
          o1: 'substring',
          v1: text,
        },
      ]),
    )}`,
  },
];

async function answer(base: string, call: Call) {
  const response = await fetch(`${base.replace(/\/$/, '')}${call.path}`, {
    method: call.method,
    headers: { ...(call.key ? { 'X-BUGZILLA-API-KEY': call.key } : {}), 'Content-Type': 'application/json' },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const text = await response.text();
  // Times and ids of what a write made differ from server to server: only the shape is compared.
  return {
    status: response.status,
    body: text
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'TIME')
      .replace(/127\.0\.0\.1:\d+/g, 'HOST')
      .replace(/^\{"id":\d+\}$/, '{"id":N}'),
  };
}

describe.each([
  ['a NUL', NUL, 'a%00b'],
  ['a lone surrogate', SURROGATE, 'a%ED%A0%80b'],
])('%s in every place a client puts text', (_name, text, escaped) => {
  it.each(calls(text, escaped))('$method $path is answered as the memory store answers it', async (call) => {
    const [got, expected] = await Promise.all([answer(tested.url, call), answer(reference.url, call)]);
    expect(got.status, got.body).toBeLessThan(500);
    expect(got).toEqual(expected);
  });
});
