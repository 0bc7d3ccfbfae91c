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
import type { Profile } from '../../profiles/profile.js';
import { type CodeNote, errorCodesOf } from '../method/error-codes.js';
import type { RouteSpec } from '../method/route.js';
import { routeTable } from '../table/method-table.js';
import { describeCustomFields } from './custom-field-schemas.js';

type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's own dialect) of a zod schema, as requests send it or answers carry it. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** The credentials a request may carry (Bugzilla's own names; which ones a tracker reads is its profile's). */
const SECURITY_SCHEMES = {
  api_key_query: { type: 'apiKey', in: 'query', name: 'Bugzilla_api_key', description: 'Also read as `api_key`.' },
  api_key_header: { type: 'apiKey', in: 'header', name: 'X-BUGZILLA-API-KEY' },
  token_query: {
    type: 'apiKey',
    in: 'query',
    name: 'Bugzilla_token',
    description: 'From `GET /rest/login`; also read as `token`.',
  },
};
const ANY_CREDENTIAL = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));

/** The query's members as OpenAPI parameters: a list is a repeated parameter (`?ids=1&ids=2`). */
function queryParameters(schema: ZodType | undefined): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
    schema: property,
  }));
}

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
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/BugzillaError' },
            { properties: { code: { enum: notes.map(([code]) => code) } } },
          ],
        },
      },
    },
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
      content: { 'application/json': { schema: jsonSchema(schemas.response, 'output') } },
    },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = errorResponse(codes);
  }
  return {
    operationId: operationId(key),
    parameters: [...pathParameters(schemas.path), ...queryParameters(schemas.query)],
    ...(schemas.body
      ? {
          requestBody: {
            required: !schemas.body.safeParse(undefined).success && !schemas.body.safeParse(null).success,
            content: { 'application/json': { schema: jsonSchema(schemas.body, 'input') } },
          },
        }
      : {}),
    security: auth === 'required' ? ANY_CREDENTIAL : [{}, ...ANY_CREDENTIAL],
    responses,
  };
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

/**
 * The OpenAPI 3.1 description of every REST endpoint `profile`'s tracker serves,
 * generated from the shared endpoint map's zod schemas: an endpoint added there
 * (with its route) is described here from the start.
 */
export function openApiDocument(profile: Profile, version: string): Json {
  const paths: Record<string, Json> = {};
  for (const [key, schemas] of Object.entries(endpoints) as Array<[EndpointKey, EndpointSchemas]>) {
    // A tracker without it, or a method only RPC clients can call: no REST route to describe.
    if (profile.missing.has(key) || isRpcOnly(key)) continue;
    const { method, path } = splitEndpoint(key);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(key, schemas, profile) };
  }
  describeCustomFields(paths as Record<string, Record<string, Json>>);
  return {
    openapi: '3.1.0',
    info: {
      title: `Bugzilla REST API as bz-companion serves it (profile ${profile.name})`,
      version,
      description:
        "Bugzilla 5.x's REST API, generated from bz-companion's request and answer schemas. Every error is Bugzilla's envelope `{error, code, message, documentation}`; each operation lists the codes it may answer.",
    },
    paths,
    components: {
      schemas: { BugzillaError: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
