import { type EndpointKey, type EndpointSchemas, endpoints, isRpcOnly } from '@bz-companion/shared';
import type { Profile } from '../../profiles/profile.js';
import type { RouteSpec } from '../method/route.js';
import { rpcMethod } from '../rpc/methods.js';
import { routeTable } from '../table/method-table.js';
import { jsonSchema } from './openapi-document.js';

type Json = Record<string, unknown>;

const RPC_PROTOCOLS = [
  ['XML-RPC', 'xmlrpc'],
  ['JSON-RPC', 'jsonrpc'],
] as const;

/**
 * Every WebService method the server answers under `profile`, machine-readable, RPC-only ones
 * included (the OpenAPI description holds REST resources only, and five of 5.2's methods have
 * none): its name, its REST resource if it has one, the protocols that reach it, whether JSON-RPC
 * may call it over GET, and the JSON Schemas of its params struct and of its result. 5.2's
 * PUBLIC_METHODS list 47; bz-companion serves those and User.whoami (later Bugzilla's, which the
 * 5.2 profile leaves out): 48. Served as `GET /rest/methods.json`, written as dist/methods.json.
 */
export function methodList(profile: Profile, version: string): Json {
  const methods: Json[] = [];
  for (const [key, spec] of Object.entries(routeTable) as Array<[EndpointKey, RouteSpec<EndpointKey>]>) {
    if (!spec.rpc) continue;
    const rest = isRpcOnly(key) || profile.missing.has(key) ? null : key;
    // As the RPC endpoints find it: a tracker may serve a method over RPC whose REST form it lacks.
    const rpcServed = rpcMethod(spec.rpc.name, profile) !== undefined;
    const rpc = rpcServed ? RPC_PROTOCOLS.filter(([, served]) => profile.rpc[served]).map(([name]) => name) : [];
    if (rest === null && rpc.length === 0) continue;
    const schemas: EndpointSchemas = endpoints[key];
    methods.push({
      name: spec.rpc.name,
      rest,
      protocols: [...(rest ? ['REST'] : []), ...rpc],
      json_rpc_over_get: spec.rpc.readOnly,
      params: paramsSchema(schemas, spec.rpc.params, spec.rpc.pathParam),
      result: jsonSchema(schemas.response, 'output'),
    });
  }
  methods.sort((a, b) => String(a.name).localeCompare(String(b.name)));
  return {
    description: `The WebService methods bz-companion ${version} serves under the ${profile.name} profile.`,
    count: methods.length,
    methods,
  };
}

/** The params struct an RPC call sends: the REST query or body, with the path's member where REST puts one. */
function paramsSchema(schemas: EndpointSchemas, from: 'query' | 'body', pathParam: string | undefined): Json {
  const source = from === 'query' ? schemas.query : schemas.body;
  const struct = source ? jsonSchema(source, 'input') : { type: 'object', properties: {} };
  const id = schemas.path ? (jsonSchema(schemas.path, 'input').properties as Record<string, Json>).id : undefined;
  if (pathParam === undefined || id === undefined) return struct;
  return { ...struct, properties: { ...(struct.properties as Record<string, Json>), [pathParam]: id } };
}
