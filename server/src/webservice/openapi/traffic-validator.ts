import { type EndpointKey, endpoints } from '@bz-companion/shared';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Profile } from '../../profiles/profile.js';
import { Dispatcher } from '../rest/dispatch.js';
import type { Mismatch } from './mismatch-journal.js';

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema: Json };
type Operation = {
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Json;
};

/** One described operation, its checks compiled once. */
export interface Checks {
  key: string;
  /** The status of success (200, or 201 for what creates). */
  success: string;
  codes: ReadonlySet<number>;
  arrays: ReadonlySet<string>;
  path: ValidateFunction | undefined;
  query: ValidateFunction | undefined;
  body: ValidateFunction | undefined;
  responses: ReadonlyMap<string, ValidateFunction>;
}

export type Finding = Pick<Mismatch, 'endpoint' | 'part' | 'problems'>;

/**
 * Checks requests and answers against an OpenAPI description (the one served at
 * /rest/openapi.json), with a standard JSON Schema 2020-12 validator. Query
 * values arrive as text, so they are read as the schema types them.
 */
export class TrafficValidator {
  readonly #dispatcher = new Dispatcher<Checks>();
  readonly #byKey = new Map<string, Checks>();

  constructor(document: Json, profile: Profile) {
    // Query and path values arrive as text, read as the schema types them; JSON bodies and answers carry their own types.
    const textual = new Ajv2020({ strict: false, allErrors: true, coerceTypes: 'array' });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const components = (document.components as { schemas: Record<string, Json> }).schemas;
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const key of Object.keys(endpoints) as EndpointKey[]) {
      if (profile.missing.has(key)) continue;
      const [method, path] = key.split(' ') as [string, string];
      const operation = paths[path]?.[method.toLowerCase()];
      if (!operation) continue;
      const responses = new Map<string, ValidateFunction>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = (response as { content?: Record<string, { schema: Json }> }).content?.['application/json']
          ?.schema;
        if (schema) responses.set(status, ajv.compile(inlined(schema, components)));
      }
      // The codes each error response lists (openapi-document.ts errorResponse's x-bugzilla-codes):
      // listed there, not enforced, so that an outside validator lets Bugzilla's other codes through;
      // --validate still reports a code the table does not name.
      const codes = new Set<number>();
      for (const response of Object.values(operation.responses)) {
        for (const code of (response as { 'x-bugzilla-codes'?: number[] })['x-bugzilla-codes'] ?? []) codes.add(code);
      }
      const checks: Checks = {
        key,
        success: [...responses.keys()].find((status) => status.startsWith('2')) ?? '200',
        codes,
        arrays: new Set(operation.parameters.filter((p) => p.schema.type === 'array').map((p) => p.name)),
        path: objectCheck(textual, operation.parameters, 'path'),
        query: objectCheck(textual, operation.parameters, 'query'),
        body: operation.requestBody
          ? ajv.compile(operation.requestBody.content['application/json']?.schema ?? {})
          : undefined,
        responses,
      };
      this.#dispatcher.add(key, checks);
      this.#byKey.set(key, checks);
    }
  }

  /** The checks of an endpoint by its key (an RPC method's endpoint), when the description has it. */
  checksFor(key: string): Checks | undefined {
    return this.#byKey.get(key);
  }

  /** The described operation of a request, or undefined (not a REST endpoint of the description). */
  match(method: string, path: string): { checks: Checks; pathId: string | undefined } | undefined {
    const rest = path.startsWith('/rest.cgi/') ? `/rest${path.slice('/rest.cgi'.length)}` : path;
    const found = this.#dispatcher.match(rest);
    const checks = found?.methods.get(method === 'HEAD' ? 'GET' : method);
    return found && checks ? { checks, pathId: found.pathId } : undefined;
  }

  /** What departs from the description in the request (path and query now, the body once read). */
  checkRequest(checks: Checks, pathId: string | undefined, query: URLSearchParams, body: unknown): Finding[] {
    const findings: Finding[] = [];
    if (checks.path && pathId !== undefined) run(checks.path, { id: pathId }, 'path', checks, findings);
    if (checks.query) run(checks.query, queryObject(query, checks.arrays), 'query', checks, findings);
    if (checks.body && body !== undefined) run(checks.body, structuredClone(body), 'body', checks, findings);
    return findings;
  }

  /** An RPC error's code, which travels with HTTP 200: departs when the operation does not list it. */
  checkErrorCode(checks: Checks, code: unknown): Finding[] {
    if (typeof code === 'number' && checks.codes.has(code)) return [];
    return [{ endpoint: checks.key, part: 'response', problems: [`error code ${String(code)} is not described`] }];
  }

  /** What departs in the answer: a status the operation does not describe, or a body not of its shape. */
  checkResponse(checks: Checks, status: number, body: unknown): Finding[] {
    const check = checks.responses.get(String(status));
    if (!check) {
      return [{ endpoint: checks.key, part: 'response', problems: [`status ${status} is not described`] }];
    }
    const findings: Finding[] = [];
    run(check, body, 'response', checks, findings);
    return findings;
  }
}

/** The schema with each `{"$ref": "#/components/schemas/X"}` replaced by X: compiled on its own, it has no document around it. */
function inlined(schema: Json, components: Record<string, Json>): Json {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return value;
    return components[ref.slice('#/components/schemas/'.length)] ?? value;
  }) as Json;
}

function objectCheck(ajv: Ajv2020, parameters: Parameter[], where: 'path' | 'query'): ValidateFunction | undefined {
  const own = parameters.filter((parameter) => parameter.in === where);
  if (own.length === 0) return undefined;
  return ajv.compile({
    type: 'object',
    properties: Object.fromEntries(own.map((parameter) => [parameter.name, parameter.schema])),
    required: own.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });
}

/** The query as the schema reads it: a described list keeps every value, anything else its first. */
function queryObject(query: URLSearchParams, arrays: ReadonlySet<string>): Json {
  const object: Json = {};
  for (const name of new Set(query.keys())) {
    object[name] = arrays.has(name) ? query.getAll(name) : query.get(name);
  }
  return object;
}

function run(check: ValidateFunction, data: unknown, part: Finding['part'], checks: Checks, findings: Finding[]): void {
  if (check(data)) return;
  const problems = (check.errors ?? []).slice(0, 5).map((error) => {
    const extra = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
    const allowed = error.keyword === 'enum' ? ` (${JSON.stringify(error.params.allowedValues)})` : '';
    return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${extra}${allowed}`;
  });
  findings.push({ endpoint: checks.key, part, problems });
}
