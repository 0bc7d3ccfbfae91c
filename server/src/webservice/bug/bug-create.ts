import type { BugCreateResult } from '@bz-companion/shared';
import { planCreate } from '../../bugzilla/bug/create-plan.js';
import { customBugRefs } from '../../bugzilla/bug/custom-field-bug-ids.js';
import { newBugSeeAlsoValues, seeAlsoAliases } from '../../bugzilla/bug-url/see-also-change.js';
import { requesteesOf } from '../../bugzilla/flag/flag-rules.js';
import { isStorableId } from '../../bugzilla/ids.js';
import { ownedData } from '../../bugzilla/store/store.js';
import { withShapeRule } from '../../bugzilla/wrong-shape.js';
import { BUG_WRITES } from '../method/error-codes.js';
import { localUrlBase } from '../method/local-urlbase.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';
import { writeParams } from '../method/write-params.js';

const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Bug.create: planned and written by the store in one write (bugzilla/bug/create-plan.ts has 5.2's rules). */
async function create(request: ApiRequest, deps: RouteDeps): Promise<BugCreateResult> {
  const { store, profile } = deps;
  const actor = currentUser(request);
  const params = writeParams(request.body);
  const when = Math.floor((await request.databaseNow()) / 1000);
  const custom = customBugRefs(store.catalogue, params);
  const bugIds = [...list(params.depends_on), ...list(params.blocks)]
    .map((id) => Number(id))
    .filter((id) => isStorableId(id))
    .concat(custom.ids);
  const logins = [
    ...[params.assigned_to, params.qa_contact].filter((login): login is string => typeof login === 'string'),
    ...list(params.cc).map(String),
    ...(Array.isArray(params.flags) ? requesteesOf(params.flags) : []),
  ];
  const write = ownedData(store, 'filing a bug').writeBugs({
    bugIds,
    // A See Also word may be another bug's alias, which the plan looks up.
    aliases: [
      ...list(params.alias).map(String),
      ...seeAlsoAliases({ add: newBugSeeAlsoValues(params.see_also) }),
      ...custom.aliases,
    ],
    logins,
    when,
    plan: (view) =>
      planCreate(
        {
          actor,
          when,
          params,
          catalogue: store.catalogue,
          parameters: store.instance.parameters,
          urlbase: localUrlBase(request, deps),
          blockedRequestees: profile.blockedRequestees,
        },
        view,
      ),
  });
  const created = await withShapeRule(write, profile.wrongShape);
  await deps.push.afterWrite({ kind: 'bug-created', bugId: created.id }, actor, when);
  return created;
}

export const bugCreateRoutes = {
  // 5.2 answers 200 here (its route asks for a 201 under a name the server never reads).
  'POST /rest/bug': {
    rpc: { name: 'Bug.create', params: 'body', readOnly: false },
    codes: [
      ...BUG_WRITES,
      [50, 'a required field is missing'],
      [53, 'not a parameter Bug.create takes'],
      [105, 'a component is required'],
      [106, 'the product is closed for new bugs', 401],
    ],
    auth: 'required',
    stampsWrites: true,
    handle: create,
  },
} satisfies { [K in 'POST /rest/bug']: RouteSpec<K> };
