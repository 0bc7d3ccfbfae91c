import SwaggerParser from '@apidevtools/swagger-parser';
import { type EndpointKey, endpoints, isRpcOnly, splitEndpoint } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardFixture } from '../../../testing/fixtures.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';
import { PROFILE_NAMES, type ProfileName } from '../../profiles/profile.js';
import { PROFILES } from '../../profiles/profiles.js';
import { openApiDocument } from './openapi-document.js';

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

const ALL_KEYS = Object.keys(endpoints) as EndpointKey[];
/** Every endpoint with a REST route (some methods only RPC clients call). */
const REST_KEYS = ALL_KEYS.filter((key) => !isRpcOnly(key));

/** The operations a description names, as endpoint keys (`GET /rest/version`). */
function operationsOf(document: Document): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** Sends the endpoint's method to its path (`{id}` as 1) and answers whether the server has such a route. */
async function isServed(url: string, key: string): Promise<boolean> {
  const { method, path } = splitEndpoint(key as EndpointKey);
  const response = await fetch(`${url}${path.slice(1).replace('{id}', '1')}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const body = (await response.json()) as { code?: number };
  return !(response.status === 404 && body.code === 32614);
}

/**
 * Whether a served route's `{id}` takes this endpoint's path (as `GET /rest/bug/{id}` reads BMO's
 * `/rest/bug/possible_duplicates` as a bug id where that route is missing, as 5.2 does).
 */
function shadowed(key: string, named: readonly string[]): boolean {
  const { method, path } = splitEndpoint(key as EndpointKey);
  const segments = path.split('/');
  return named.some((other) => {
    const theirs = splitEndpoint(other as EndpointKey);
    const parts = theirs.path.split('/');
    return (
      theirs.method === method &&
      parts.length === segments.length &&
      parts.every((part, i) => part === segments[i] || part === '{id}')
    );
  });
}

describe.each(PROFILE_NAMES)('the OpenAPI description under profile %s', (name: ProfileName) => {
  let bz: BzServer;
  let served: Document;

  beforeAll(async () => {
    bz = await startServer({ fixture: standardFixture(), profile: name });
    const response = await fetch(`${bz.url}rest/openapi.json`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    served = (await response.json()) as Document;
  });
  afterAll(() => bz.stop());

  it('validates as OpenAPI 3.1 (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeTruthy();
    expect((served as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('names every route the server serves, and none it does not', async () => {
    const named = operationsOf(served);
    for (const key of named) expect({ key, served: await isServed(bz.url, key) }).toEqual({ key, served: true });
    for (const key of ALL_KEYS.filter((k) => !named.includes(k) && !shadowed(k, named))) {
      expect({ key, served: await isServed(bz.url, key) }).toEqual({ key, served: false });
    }
    expect(named).toEqual(REST_KEYS.filter((key) => !PROFILES[name].missing.has(key)).sort());
  });

  it("gives every operation its answer and Bugzilla's error envelope with its codes", () => {
    for (const [path, methods] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses);
        expect({ at: `${method} ${path}`, success: statuses.some((s) => s.startsWith('2')) }).toMatchObject({
          success: true,
        });
        expect(JSON.stringify(operation.responses)).toContain('#/components/schemas/BugzillaError');
      }
    }
    const addComment = served.paths['/rest/bug/{id}/comment']?.post?.responses as Record<string, unknown>;
    expect(Object.keys(addComment)).toContain('201');
    expect(JSON.stringify(addComment['400'])).toContain('114 (the comment is too long)');
    expect(JSON.stringify(addComment['401'])).toContain('410 (login required)');
    expect(JSON.stringify(addComment['404'])).toContain('101 (no such bug)');
  });

  it('describes what a bad login gets, on the methods exempt from login too (5.2 checks a login given)', async () => {
    const login = 'Bugzilla_login=nobody%40example.com&Bugzilla_password=not-the-password';
    for (const [path, query] of [
      ['/rest/version', login],
      ['/rest/timezone', login],
      ['/rest/login', 'login=nobody%40example.com&password=not-the-password'],
    ] as const) {
      const response = await fetch(`${bz.url}${path.slice(1)}?${query}`);
      const { code } = (await response.json()) as { code: number };
      const described = served.paths[path]?.get?.responses[String(response.status)] as
        | { 'x-bugzilla-codes'?: number[] }
        | undefined;
      expect({ path, status: response.status, codes: described?.['x-bugzilla-codes'] }).toEqual({
        path,
        status: 401,
        codes: expect.arrayContaining([code]),
      });
    }
  });
});

describe('openApiDocument', () => {
  it('is generated from the endpoint map: a new endpoint joins without a line written for it', () => {
    const document = openApiDocument(PROFILES['bz-companion'], '0.0.0') as Document;
    const missing = PROFILES['bz-companion'].missing;
    expect(operationsOf(document)).toEqual(REST_KEYS.filter((key) => !missing.has(key)).sort());
    const search = document.paths['/rest/bug']?.get as unknown as { parameters: Array<{ name: string }> };
    expect(search.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['product', 'email1', 'limit']));
  });

  it("describes a bug's custom fields (cf_…) in Bug.get's and Bug.search's answers and Bug.create's and Bug.update's bodies", () => {
    const text = (value: unknown) => JSON.stringify(value);
    const document = openApiDocument(PROFILES['bugzilla-5.2'], '0.0.0') as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const { paths } = document;
    for (const answer of [paths['/rest/bug']?.get?.responses['200'], paths['/rest/bug/{id}']?.get?.responses['200']]) {
      expect(text(answer)).toContain('"patternProperties":{"^cf_[a-z0-9_]+$":{"description":"A custom field\'s value');
    }
    for (const body of [paths['/rest/bug']?.post?.requestBody, paths['/rest/bug/{id}']?.put?.requestBody]) {
      expect(text(body)).toContain(
        '"patternProperties":{"^cf_[a-z0-9_]+$":{"description":"A custom field\'s new value',
      );
    }
  });
});
