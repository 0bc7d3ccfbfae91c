import type { UpdateTagsResult } from '@bz-companion/shared';
import { perlText } from '../../bugzilla/attachment/attachment-rules.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { changedPersonalTags } from '../../bugzilla/bug/personal-tags.js';
import { BugzillaError } from '../../bugzilla/errors.js';
import { ownedData } from '../../bugzilla/store/store.js';
import type { Bug } from '../../bugzilla/types.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

const required = (param: string) =>
  new BugzillaError(50, `The function Bug.update_tags requires a ${param} argument, and that argument was not set.`);

function names(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map(perlText).filter((name): name is string => name !== undefined);
}

/**
 * Bug.update_tags: the caller's own tags of each bug named (one they may see), removed then
 * added; answers, per bug, what was removed and added. `set` is not read (5.2 does not either).
 */
async function updateTags(request: ApiRequest, { store }: RouteDeps): Promise<UpdateTagsResult> {
  const user = currentUser(request);
  const body = request.body ?? {};
  if (body.ids === undefined || body.ids === null) throw required('ids');
  if (body.tags === undefined || body.tags === null) throw required('tags');
  const tags = (typeof body.tags === 'object' ? body.tags : {}) as Record<string, unknown>;
  const add = names(tags.add);
  const remove = names(tags.remove);
  const bugs: Bug[] = [];
  for (const ref of Array.isArray(body.ids) ? body.ids : [body.ids]) bugs.push(await checkBug(store, user, ref));
  // Checked before anything is written, so a bad name changes nothing.
  changedPersonalTags([], add, remove);
  const results = await ownedData(store, 'tagging a bug').updatePersonalTags(
    user.id,
    bugs.map((bug) => ({ bugId: bug.id, add, remove })),
  );
  const changes: UpdateTagsResult['changes'] = {};
  for (const result of results)
    changes[String(result.bugId)] = { tags: { removed: result.removed, added: result.added } };
  return { changes };
}

export const personalTagRoutes = {
  'POST /rpc/Bug.update_tags': {
    rpc: { name: 'Bug.update_tags', params: 'body', readOnly: false },
    auth: 'required',
    handle: updateTags,
  },
} satisfies { [K in 'POST /rpc/Bug.update_tags']: RouteSpec<K> };
