import { type BugUpdateResult, formatBugzillaTime } from '@bz-companion/shared';
import { namedRefs } from '../../bugzilla/bug/bug-ref.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { customBugRefs } from '../../bugzilla/bug/custom-field-bug-ids.js';
import { planUpdate } from '../../bugzilla/bug/update-plan.js';
import { seeAlsoAliases } from '../../bugzilla/bug-url/see-also-change.js';
import { errors } from '../../bugzilla/errors.js';
import { needinfoLogins } from '../../bugzilla/flag/bmo-needinfo-requests.js';
import { requesteesOf } from '../../bugzilla/flag/flag-rules.js';
import { ownedData, type Store } from '../../bugzilla/store/store.js';
import type { Bug, User } from '../../bugzilla/types.js';
import { visitEffectsOfUpdate } from '../../bugzilla/visit/update-visits.js';
import { withShapeRule } from '../../bugzilla/wrong-shape.js';
import { BUG_WRITES, NAMES_A_BUG } from '../method/error-codes.js';
import { localUrlBase } from '../method/local-urlbase.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';
import { writeParams } from '../method/write-params.js';

/** The logins a Bug.update names (looked up with the bugs, under the same lock). */
function loginsOf(params: Record<string, unknown>, needinfoWrites: boolean): string[] {
  const logins: string[] = [];
  for (const name of ['assigned_to', 'qa_contact']) {
    if (typeof params[name] === 'string') logins.push(params[name] as string);
  }
  const cc = params.cc;
  if (cc !== null && typeof cc === 'object' && !Array.isArray(cc)) {
    for (const member of [(cc as { add?: unknown }).add, (cc as { remove?: unknown }).remove]) {
      if (Array.isArray(member)) for (const login of member) logins.push(String(login));
    }
  }
  if (Array.isArray(params.flags)) logins.push(...requesteesOf(params.flags));
  if (needinfoWrites) logins.push(...needinfoLogins(params));
  return logins;
}

function aliasesOf(params: Record<string, unknown>): string[] {
  const alias = params.alias;
  if (typeof alias === 'string') return [alias];
  if (Array.isArray(alias)) return alias.map(String);
  if (alias !== null && typeof alias === 'object') {
    const form = alias as { add?: unknown; set?: unknown };
    return [form.add, form.set].flatMap((list) => (Array.isArray(list) ? list.map(String) : []));
  }
  return [];
}

/**
 * Bug.update: the bugs named (a body's `ids` replace the path's bug, as 5.2's REST merges them),
 * each checked to exist and be visible, then planned and written by the store in one write
 * (bugzilla/bug/update-plan.ts has 5.2's rules), answered as 5.2 does.
 */
export async function updateBugs(
  request: ApiRequest,
  deps: RouteDeps,
  options: { seeAlsoRemovesFirst?: boolean } = {},
): Promise<BugUpdateResult> {
  const { store, profile } = deps;
  const actor = currentUser(request);
  const body = request.body ?? {};
  const bugs = await namedBugs(request, store, actor, body.ids);
  const params = writeParams(body, ['ids']);
  const visits = new Map<number, { setFor: number[]; forget: number[] }>();
  for (const bug of bugs) {
    const effects = await visitEffectsOfUpdate(store, bug, actor, profile);
    visits.set(bug.id, { setFor: effects.authorVisit ? [actor.id] : [], forget: effects.forgetVisitsOf });
  }
  const when = Math.floor((await request.databaseNow()) / 1000);
  const owned = ownedData(store, 'changing a bug');
  const custom = customBugRefs(store.catalogue, params);
  const write = owned.writeBugs({
    bugIds: [...bugs.map((bug) => bug.id), ...custom.ids],
    aliases: [...aliasesOf(params), ...seeAlsoAliases(params.see_also), ...custom.aliases],
    logins: loginsOf(params, profile.needinfoWrites),
    when,
    plan: (view) =>
      planUpdate(
        {
          actor,
          when,
          bugIds: bugs.map((bug) => bug.id),
          params,
          catalogue: store.catalogue,
          parameters: store.instance.parameters,
          visits,
          urlbase: localUrlBase(request, deps),
          seeAlsoRemovesFirst: options.seeAlsoRemovesFirst === true,
          needinfoWrites: profile.needinfoWrites,
          blockedRequestees: profile.blockedRequestees,
        },
        view,
      ),
  });
  const result = await withShapeRule(write, profile.wrongShape);
  if (deps.push.listening) await pushChanges(deps, result.bugs, bugs, actor, when);
  return {
    bugs: result.bugs.map((bug) => ({
      id: bug.id,
      // BMO's Bug.update answers its one alias or null (Bugzilla/WebService/Bug.pm update).
      alias: profile.objects.bugAlias === 'list' ? bug.alias : (bug.alias[0] ?? null),
      last_change_time: formatBugzillaTime(bug.last_change_time * 1000),
      changes: bug.changes,
    })),
  };
}

/** The bugs a Bug.update names, each once, each checked to exist and be visible (the first that fails is the error). */
async function namedBugs(request: ApiRequest, store: Store, actor: User, given: unknown): Promise<Bug[]> {
  const refs =
    given === undefined || given === null
      ? namedRefs(request.pathId, [])
      : (Array.isArray(given) ? given : [given]).map((ref) => String(ref));
  if (refs.length === 0) throw errors.paramRequired('ids');
  const bugs: Bug[] = [];
  for (const ref of refs) {
    const bug = await checkBug(store, actor, ref);
    if (!bugs.some((other) => other.id === bug.id)) bugs.push(bug);
  }
  return bugs;
}

/** Each changed bug told to who listens (webhooks), with the update's comment on it, by the actor at its time. */
async function pushChanges(
  deps: RouteDeps,
  changed: ReadonlyArray<{ id: number; changes: BugUpdateResult['bugs'][number]['changes'] }>,
  before: readonly Bug[],
  actor: User,
  when: number,
): Promise<void> {
  for (const bug of changed) {
    const commentIds = (await deps.store.commentsOf(bug.id))
      .filter((comment) => comment.time === when && comment.author === actor.id)
      .map((comment) => comment.id);
    const was = before.find((b) => b.id === bug.id);
    if (was)
      await deps.push.afterWrite({ kind: 'bug-changed', before: was, changes: bug.changes, commentIds }, actor, when);
  }
}

export const bugUpdateRoutes = {
  'PUT /rest/bug/{id}': {
    // Its ids are in the params struct (REST's path id is one of them).
    rpc: { name: 'Bug.update', params: 'body', readOnly: false },
    codes: [
      ...BUG_WRITES,
      [112, 'a bug in its own See Also'],
      [118, 'a duplicate of itself, or a duplicate loop'],
      [119, 'a duplicate needs the bug it duplicates'],
    ],
    auth: 'required',
    stampsWrites: true,
    handle: (request, deps) => updateBugs(request, deps),
  },
  'PUT /rest/bug': {
    codes: [
      ...NAMES_A_BUG,
      ...BUG_WRITES,
      [112, 'a bug in its own See Also'],
      [118, 'a duplicate of itself, or a duplicate loop'],
      [119, 'a duplicate needs the bug it duplicates'],
    ],
    auth: 'required',
    stampsWrites: true,
    handle: (request, deps) => updateBugs(request, deps),
  },
} satisfies { [K in 'PUT /rest/bug/{id}' | 'PUT /rest/bug']: RouteSpec<K> };
