import fc from 'fast-check';
import type { RawRequest } from './raw-request.js';

/** Bug references as clients get them wrong: huge, negative, fractional, unicode, NUL, encoded junk. */
const bugRef = fc.oneof(
  fc.integer({ min: -5, max: 12 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '3.7',
    '1e3',
    '99999999999999999999',
    ' 1 ',
    '0x1',
    'myalias',
    'MYALIAS',
    'nope',
    '',
    '%00',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);

const pathSegment = bugRef.map((ref) => encodeURIComponent(ref));

const knownPaths = [
  '/rest/bug_user_last_visit',
  '/rest/version',
  '/rest/extensions',
  '/rest/timezone',
  '/rest/time',
  '/rest/parameters',
  '/rest/last_audit_time',
  '/rest/whoami',
  '/rest/login',
  '/rest/logout',
  '/rest/valid_login',
  '/rest/bug',
  '/rest/bug/comment',
];

const path = fc.oneof(
  fc.constantFrom(...knownPaths),
  pathSegment.map((id) => `/rest/bug_user_last_visit/${id}`),
  pathSegment.map((id) => `/rest/bug/${id}`),
  pathSegment.map((id) => `/rest/bug/${id}/comment`),
  pathSegment.map((id) => `/rest/bug/comment/${id}`),
  pathSegment.map((id) => `/rest/bug/${id}/history`),
  fc.constantFrom(...knownPaths).map((p) => `${p}/`),
  fc.constantFrom(...knownPaths).map((p) => p.toUpperCase()),
  fc.constantFrom(
    '/rest',
    '/rest/',
    '/rest//version',
    '/rest/bug_user_last_visit/1/2',
    '/rest/bug/1/comment/2',
    '/rest/bug//comment',
    '/rest/%ZZ',
    `/rest/${'a'.repeat(3000)}`,
  ),
);

const queryValue = fc.oneof(
  bugRef,
  fc.constantFrom('admin@example.com', 'ALICE@example.com', '1-AbCdEfGhIj', '2-', '-', '1-'),
  fc.constantFrom('__proto__', 'constructor', 'Bugzilla::Product', 'Tracker::X', 'Bogus'),
  // Bug.search's charts and multi-valued criteria: field names, operators and `---`.
  fc.constantFrom('cc', 'keywords', 'dependson', 'blocked', 'anywords', 'nowords', 'isempty', 'regexp', '---', '('),
  fc.constantFrom(
    '_all',
    '_default',
    'id,summary',
    'cc.name',
    '2026-03-01T00:00:00Z',
    '20260301T00:00:00',
    '2026-02-30',
  ),
);
const queryName = fc.constantFrom(
  'ids',
  'class',
  'include_fields',
  'exclude_fields',
  'Bugzilla_api_key',
  'api_key',
  'login',
  'password',
  'Bugzilla_login',
  'Bugzilla_password',
  'token',
  'Bugzilla_token',
  'Bugzilla_restrictlogin',
  '__proto__',
  'constructor',
  'ids[]',
  'id',
  'comment_ids',
  'new_since',
  'last_change_time',
  'creation_time',
  'limit',
  'offset',
  'summary',
  'assigned_to',
  'cc',
  'keywords',
  'keywords_type',
  'depends_on',
  'blocks',
  'f1',
  'o1',
  'v1',
);
const pairsQuery = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 6 })
  .map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '',
  );

/** One id named many times (only distinct values are capped): each must cost its answer once, not once per name. */
const repeatedIds = fc
  .record({
    name: fc.constantFrom('ids', 'attachment_ids', 'comment_ids', 'id'),
    ref: bugRef,
    times: fc.integer({ min: 2, max: 5000 }),
    fields: fc.constantFrom('', '&exclude_fields=data', '&include_fields=data,size', '&include_fields=_all'),
  })
  .map(
    ({ name, ref, times, fields }) => `?${`${name}=${encodeURIComponent(ref)}&`.repeat(times).slice(0, -1)}${fields}`,
  );

const query = fc.oneof({ weight: 4, arbitrary: pairsQuery }, { weight: 1, arbitrary: repeatedIds });

/** Header values must be Latin-1 without CR/LF, or Node refuses to send them. */
const headerText = fc.string({ maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));

/** JSON nested `depth` levels deep, the shape that overflows naive recursive code. */
const deep = fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`);

const jsonBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc
    .record({ ids: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })) })
    .map((b) => JSON.stringify(b)),
  fc.constantFrom(
    '{"__proto__": {"ids": [1]}}',
    '{"constructor": {"prototype": {"polluted": true}}, "ids": [1]}',
    '{"ids": [1], "ids": [2]}',
    '{"ids": [1',
    'null',
    '[]',
    '"ids"',
    '{"ids": "\\u0000"}',
    '\u0000',
  ),
  deep.map((nested) => `{"ids": ${nested}}`),
  fc
    .record({
      comment: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 2 })),
      is_private: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
      id: fc.option(bugRef, { nil: undefined }),
    })
    .map((b) => JSON.stringify(b)),
  fc.constantFrom('{"comment": "x", "private": 1}', '{"comment": ["a", "b"]}', `{"comment": "${'y'.repeat(65536)}"}`),
  bugRef.map((ref) => `comment=${encodeURIComponent(ref)}&comment=2`),
  bugRef.map((ref) => `ids=${encodeURIComponent(ref)}&ids=2`),
);

/** One request, every part possibly wrong. Valid keys appear often enough to reach the deeper checks. */
export function fuzzRequest(validKeys: string[]): fc.Arbitrary<RawRequest> {
  const key = fc.oneof(fc.constantFrom(...validKeys), headerText, fc.constant(''));
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'BREW'),
      path,
      query,
      key: fc.option(key, { nil: undefined }),
      bearer: fc.option(key, { nil: undefined }),
      contentType: fc.option(
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=klingon',
          'multipart/form-data',
        ),
        { nil: undefined },
      ),
      encoding: fc.option(fc.constantFrom('gzip', 'br', 'identity', 'compress'), { nil: undefined }),
      extraHeader: fc.option(headerText, { nil: undefined }),
      body: fc.option(jsonBody, { nil: undefined }),
      delivery: fc.constantFrom<'whole' | 'trickled' | 'cut'>('whole', 'whole', 'whole', 'trickled', 'cut'),
    })
    .map((r) => {
      const headers: Record<string, string> = {};
      if (r.key !== undefined) headers['X-BUGZILLA-API-KEY'] = r.key;
      if (r.bearer !== undefined) headers.Authorization = `Bearer ${r.bearer}`;
      if (r.contentType) headers['Content-Type'] = r.contentType;
      if (r.encoding) headers['Content-Encoding'] = r.encoding;
      if (r.extraHeader !== undefined) headers['X-Fuzz'] = r.extraHeader;
      return {
        method: r.method,
        path: `${r.path}${r.query}`,
        headers,
        ...(r.body === undefined ? {} : { body: r.body, delivery: r.delivery }),
      };
    });
}
