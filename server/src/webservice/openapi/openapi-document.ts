import {
  bugIdPathSchema,
  type EndpointKey,
  type EndpointSchemas,
  endpoints,
  errorBodySchema,
  isRpcOnly,
  splitEndpoint,
} from '@bz-companion/shared';
import { type ZodType, z } from 'zod';
import { BugzillaError } from '../../bugzilla/errors.js';
import type { CredentialRules, Profile } from '../../profiles/profile.js';
import { type CodeNote, errorCodesOf } from '../method/error-codes.js';
import type { RouteSpec } from '../method/route.js';
import { routeTable } from '../table/method-table.js';
import { describeAttachmentFlags } from './attachment-flag-schemas.js';
import { describeBmoSearch } from './bmo-search-schemas.js';
import { describeCustomFields } from './custom-field-schemas.js';

type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's own dialect) of a zod schema, as requests send it or answers carry it. */
export function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/**
 * How a call authenticates under a profile, exactly as its tracker reads credentials
 * (profile.credentials, login/credentials.ts): the query's (also in a POST or PUT body's JSON, with
 * the short names `api_key`, `token`, `login` and `password`), the X-BUGZILLA-* headers only where
 * the tracker reads them (5.2 never does: a client sending only the header is logged out), a
 * Bearer key where it is taken, and 5.2's login cookies on writes.
 */
function securitySchemes(rules: CredentialRules): Record<string, Json> {
  const schemes: Record<string, Json> = {
    api_key: {
      type: 'apiKey',
      in: 'query',
      name: 'Bugzilla_api_key',
      description: 'An API key; also read as `api_key`, and from the JSON body of a POST or PUT.',
    },
    token: {
      type: 'apiKey',
      in: 'query',
      name: 'Bugzilla_token',
      description: 'From `GET /rest/login`; also read as `token`, and from the JSON body of a POST or PUT.',
    },
    login: { type: 'apiKey', in: 'query', name: 'Bugzilla_login', description: 'With Bugzilla_password.' },
    password: { type: 'apiKey', in: 'query', name: 'Bugzilla_password', description: 'With Bugzilla_login.' },
  };
  if (rules.headers !== 'ignored') {
    const order = rules.headers === 'before-params' ? 'before' : 'only when the query and body have none';
    schemes.api_key_header = {
      type: 'apiKey',
      in: 'header',
      name: 'X-BUGZILLA-API-KEY',
      description: `Read ${order} of Bugzilla_api_key (X-BUGZILLA-TOKEN, -LOGIN and -PASSWORD likewise).`,
    };
  }
  if (rules.bearer) schemes.bearer = { type: 'http', scheme: 'bearer', description: 'An API key as a Bearer token.' };
  if (rules.cookieTokenOnWrite) {
    schemes.login_cookie = {
      type: 'apiKey',
      in: 'cookie',
      name: 'Bugzilla_login',
      description: 'On a write, with Bugzilla_logincookie.',
    };
    schemes.logincookie_cookie = {
      type: 'apiKey',
      in: 'cookie',
      name: 'Bugzilla_logincookie',
      description: "A browser's login session.",
    };
  }
  return schemes;
}

/** Each way of authenticating, as OpenAPI's alternatives (a login needs its password; a cookie login, both cookies). */
function credentialAlternatives(schemes: Record<string, Json>, write: boolean): Json[] {
  const alternatives: Json[] = [{ api_key: [] }, { token: [] }, { login: [], password: [] }];
  if (schemes.api_key_header) alternatives.push({ api_key_header: [] });
  if (schemes.bearer) alternatives.push({ bearer: [] });
  if (schemes.login_cookie && write) alternatives.push({ login_cookie: [], logincookie_cookie: [] });
  return alternatives;
}

/**
 * The credentials again as the operation's own optional parameters: code generators
 * (openapi-typescript) type a call's query and headers from parameters only, so a generated
 * client could otherwise pass no key at all.
 */
function credentialParameters(schemes: Record<string, Json>, query: readonly Json[]): Json[] {
  const taken = new Set(query.map((parameter) => parameter.name));
  const parameters: Json[] = [];
  for (const scheme of Object.values(schemes)) {
    if (scheme.type !== 'apiKey' || scheme.in === 'cookie' || taken.has(scheme.name)) continue;
    parameters.push({
      name: scheme.name,
      in: scheme.in,
      required: false,
      description: scheme.description,
      schema: { type: 'string' },
    });
  }
  return parameters;
}

/** The query's members as OpenAPI parameters: a list is a repeated parameter (`?ids=1&ids=2`). */
function queryParameters(schema: ZodType | undefined): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json> };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    // Never required here: 5.2 takes a parameter from the query or the body alike (and `login` as
    // `Bugzilla_login`), and answers its own error for one that is missing.
    required: false,
    ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
    schema: property.type === 'boolean' ? PERL_TRUTH : property,
  }));
}

/** A flag in a query is Perl's truth (5.2's `membership=1`, `include_disabled=0`): a boolean or a number. */
const PERL_TRUTH: Json = { anyOf: [{ type: 'boolean' }, { type: 'integer' }] };

function pathParameters(schema: ZodType | undefined): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json> };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'path',
    required: true,
    schema: property,
  }));
}

/** Bugzilla's error envelope with the codes this method may answer under one HTTP status. */
function errorResponse(notes: readonly CodeNote[]): Json {
  return {
    description: `Bugzilla's error envelope. Codes: ${notes.map(([code, meaning]) => `${code} (${meaning})`).join('; ')}.`,
    // Listed, not enforced: Bugzilla answers codes of its own beyond a method's (a path's alias
    // that names no bug is 32614 under some profiles, a Perl crash 100500), and an answer with one
    // is still Bugzilla's envelope, which a validating proxy must let through.
    'x-bugzilla-codes': notes.map(([code]) => code),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/BugzillaError' } } },
  };
}

/** The HTTP status Bugzilla answers a code with (5.2's REST map; a store outage is a 503). */
function statusOf(code: number): number {
  return code === -32000 ? 503 : new BugzillaError(code, '').status;
}

function operation(key: EndpointKey, schemas: EndpointSchemas, profile: Profile): Json {
  const spec = routeTable[key] as RouteSpec<EndpointKey>;
  const auth = profile.auth[key] ?? spec.auth;
  const notes = errorCodesOf(spec.codes, auth, schemas.path === bugIdPathSchema);
  const byStatus = new Map<number, CodeNote[]>();
  for (const note of notes) {
    const status = note[2] ?? statusOf(note[0]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), note]);
  }
  const responses: Json = {
    [String(spec.successStatus ?? 200)]: {
      description: "The method's answer.",
      content: { 'application/json': { schema: successSchema(schemas, profile) } },
    },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = errorResponse(codes);
  }
  const schemes = securitySchemes(profile.credentials);
  const alternatives = credentialAlternatives(schemes, splitEndpoint(key).method !== 'GET');
  const query = queryParameters(schemas.query);
  return {
    operationId: operationId(key),
    summary: summaryOf(key, spec),
    parameters: [...pathParameters(schemas.path), ...query, ...credentialParameters(schemes, query)],
    ...(schemas.body
      ? {
          // Never required: 5.2 merges the query's parameters into the body's, so they may all come in
          // the query. JSON as the schema says; 5.2 reads any other body as JSON too (a browser's
          // text/plain), and a form's fields as parameters.
          requestBody: {
            required: false,
            content: {
              'application/json': { schema: jsonSchema(schemas.body, 'input') },
              'text/plain': { schema: { type: 'string', description: 'JSON, read as application/json is' } },
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', description: 'Parameters as form fields' },
              },
            },
          },
        }
      : {}),
    // Credentials may also come in a POST's or PUT's JSON body, which no security scheme can say: so
    // none is demanded here, and a method that needs a login says so (and answers 410 without one).
    security: [{}, ...alternatives],
    'x-bugzilla-login-required': auth === 'required',
    responses,
  };
}

/** The method as Bugzilla names it, and the REST resource it is here (BMO's REST-only paths: the resource alone). */
function summaryOf(key: EndpointKey, spec: RouteSpec<EndpointKey>): string {
  return spec.rpc ? `${spec.rpc.name} (${key})` : key;
}

/**
 * The answer of a success status: the method's, or, under a tracker whose Perl dies on what it is
 * sent (wrongShape 'perl-dies'), also that die in Bugzilla's envelope: 5.2's REST answers it 200
 * with code 100500 (recorded: Bug.create's duplicate alias, "Not a HASH reference" for an array where
 * a custom field takes one value, BugUserLastVisit.get by path's `Can't locate object method "id"`),
 * as a client of that tracker receives it. anyOf, not oneOf: a loose answer may match both.
 */
function successSchema(schemas: EndpointSchemas, profile: Profile): Json {
  const answer = jsonSchema(schemas.response, 'output');
  if (profile.wrongShape !== 'perl-dies') return answer;
  return { anyOf: [answer, { $ref: '#/components/schemas/BugzillaError' }] };
}

/** `GET /rest/bug/{id}/comment` → `get_bug_id_comment`: stable, unique, readable. */
function operationId(key: EndpointKey): string {
  const { method, path } = splitEndpoint(key);
  const words = path
    .slice('/rest/'.length)
    .replace(/[{}]/g, '')
    .split('/')
    .filter((word) => word !== '');
  return [method.toLowerCase(), ...words].join('_') + (path.endsWith('/') ? '_by_ids' : '');
}

/** Where `serve` listens by default: the description written at build time names it. */
const DEFAULT_SERVER_URL = 'http://127.0.0.1:3080';

/**
 * The OpenAPI 3.1 description of every REST endpoint `profile`'s tracker serves,
 * generated from the shared endpoint map's zod schemas: an endpoint added there
 * (with its route) is described here from the start.
 */
export function openApiDocument(profile: Profile, version: string, serverUrl = DEFAULT_SERVER_URL): Json {
  const paths: Record<string, Json> = {};
  for (const [key, schemas] of Object.entries(endpoints) as Array<[EndpointKey, EndpointSchemas]>) {
    // A tracker without it, or a method only RPC clients can call: no REST route to describe.
    if (profile.missing.has(key) || isRpcOnly(key)) continue;
    const { method, path } = splitEndpoint(key);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(key, schemas, profile) };
  }
  describeBmoSearch(paths as Record<string, Record<string, Json>>, profile);
  describeCustomFields(paths as Record<string, Record<string, Json>>);
  describeAttachmentFlags(paths as Record<string, Record<string, Json>>, profile);
  return {
    openapi: '3.1.0',
    info: {
      title: `Bugzilla REST API as bz-companion serves it (profile ${profile.name})`,
      version,
      description:
        "Bugzilla 5.x's REST API, generated from bz-companion's request and answer schemas. Every error is Bugzilla's envelope `{error, code, message, documentation}`; each operation lists the codes it may answer.",
      license: { name: 'MPL-2.0', identifier: 'MPL-2.0' },
    },
    servers: [{ url: serverUrl, description: 'this server (its address as the description was asked of it)' }],
    paths,
    components: {
      schemas: { BugzillaError: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: securitySchemes(profile.credentials),
    },
  };
}
