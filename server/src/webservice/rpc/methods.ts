import type { EndpointKey } from '@bz-companion/shared';
import type { Profile } from '../../profiles/profile.js';
import type { RouteSpec } from '../method/route.js';
import type { RpcMethod } from '../method/rpc-binding.js';
import { routeTable } from '../table/method-table.js';

export type { RpcMethod } from '../method/rpc-binding.js';

/**
 * Every method whose REST resource bz-companion serves, by its RPC name (5.2's WS_DISPATCH
 * packages): read from the families' tables, where each row names its method beside its path.
 */
export const RPC_METHODS: Readonly<Record<string, RpcMethod>> = rpcMethods();

function rpcMethods(): Record<string, RpcMethod> {
  const methods: Record<string, RpcMethod> = {};
  for (const key of Object.keys(routeTable) as EndpointKey[]) {
    const binding = (routeTable[key] as RouteSpec<EndpointKey>).rpc;
    if (!binding) continue;
    const { name, ...method } = binding;
    if (Object.hasOwn(methods, name)) throw new Error(`${name} is bound to two endpoints`);
    // Built once, when the module loads (no request pays for it).
    methods[name] = Object.assign({ endpoint: key }, method);
  }
  return methods;
}

/**
 * REST endpoints a tracker lacks as paths though it has the method: 5.2 routes
 * `bug_user_last_visit` only with an id, yet `BugUserLastVisit.update({ids})` works over RPC.
 */
const PATH_ONLY_GAPS: ReadonlySet<EndpointKey> = new Set<EndpointKey>([
  'POST /rest/bug_user_last_visit',
  'GET /rest/bug_user_last_visit',
]);

/** The method `name` as `profile`'s tracker has it, or undefined when it has no such method. */
export function rpcMethod(name: string, profile: Profile): RpcMethod | undefined {
  if (!Object.hasOwn(RPC_METHODS, name)) return undefined;
  const method = RPC_METHODS[name] as RpcMethod;
  if (profile.missing.has(method.endpoint) && !PATH_ONLY_GAPS.has(method.endpoint)) return undefined;
  return method;
}
