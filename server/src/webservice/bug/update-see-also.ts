import type { UpdateSeeAlsoResult } from '@bz-companion/shared';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { BugzillaError, errors } from '../../bugzilla/errors.js';
import { localUrlBase } from '../method/local-urlbase.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';
import { updateBugs } from './bug-update.js';

/** A joined `see_also` change as 5.2 splits it back into a list (`split(', ', …)`: '' is none). */
const split = (text: string | undefined) => (text === undefined || text === '' ? [] : text.split(', '));

/**
 * Bug.update_see_also: Bug.update of `see_also` ({add, remove}) for each bug, by the same plan
 * (bugzilla/bug/), answered as 5.2's update_see_also answers: per bug, the lists removed and
 * added (both empty where nothing changed).
 */
async function updateSeeAlso(request: ApiRequest, deps: RouteDeps): Promise<UpdateSeeAlsoResult> {
  currentUser(request);
  const body = request.body ?? {};
  if (body.ids === undefined || body.ids === null) throw errors.paramRequired('id');
  const present = (name: string) => body[name] !== undefined && body[name] !== null && body[name] !== '';
  if (!present('add') && !present('remove')) {
    throw new BugzillaError(50, 'The function requires that you set one of the following parameters: add, remove');
  }
  const seeAlso: Record<string, unknown> = {};
  if (present('add')) seeAlso.add = await localBugUrls(request, deps, body.add);
  if (present('remove')) seeAlso.remove = body.remove;
  const asUpdate: ApiRequest = {
    user: request.user,
    identity: request.identity,
    ip: request.ip,
    pathId: undefined,
    query: request.query,
    body: { ids: body.ids, see_also: seeAlso },
    get origin() {
      return request.origin;
    },
    webNow: request.webNow,
    databaseNow: () => request.databaseNow(),
    pathBug: undefined,
    transport: request.transport,
  };
  // 5.2's update_see_also removes, then adds (Bug.update does the reverse).
  const updated = await updateBugs(asUpdate, deps, { seeAlsoRemovesFirst: true });
  const changes: UpdateSeeAlsoResult['changes'] = {};
  for (const bug of updated.bugs) {
    const change = (bug.changes as Record<string, { removed: string; added: string }> | undefined)?.see_also;
    changes[String(bug.id)] = { see_also: { removed: split(change?.removed), added: split(change?.added) } };
  }
  return { changes };
}

/**
 * 5.2's add_see_also: a value with no URL scheme names a bug of this tracker (its id or alias,
 * refused as Bug->check refuses it), which becomes that bug's URL here.
 */
async function localBugUrls(request: ApiRequest, deps: RouteDeps, add: unknown): Promise<unknown> {
  if (!Array.isArray(add)) return add;
  const { store } = deps;
  const base = localUrlBase(request, deps);
  const urls: unknown[] = [];
  for (const value of add) {
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    if (text === '' || /^\w+:/.test(text)) {
      urls.push(value);
      continue;
    }
    const bug = await checkBug(store, request.user, text);
    urls.push(`${base}show_bug.cgi?id=${bug.id}`);
  }
  return urls;
}

export const seeAlsoRoutes = {
  'POST /rpc/Bug.update_see_also': {
    rpc: { name: 'Bug.update_see_also', params: 'body', readOnly: false },
    auth: 'required',
    stampsWrites: true,
    handle: updateSeeAlso,
  },
} satisfies { [K in 'POST /rpc/Bug.update_see_also']: RouteSpec<K> };
