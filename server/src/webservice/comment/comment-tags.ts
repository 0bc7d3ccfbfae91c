import { isInsider } from '../../bugzilla/access.js';
import { perlText } from '../../bugzilla/attachment/attachment-rules.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { changedTags, commentTagErrors } from '../../bugzilla/comment/comment-tags.js';
import { BugzillaError, errors } from '../../bugzilla/errors.js';
import { isStorableId } from '../../bugzilla/ids.js';
import { ownedData, type Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

/** 5.2's can_tag_comments: tagging is on (`comment_taggers_group` set) and the user is in that group. */
function checkTagger(store: Store, user: User, action: 'update' | 'search'): void {
  const group = store.instance.parameters.comment_taggers_group ?? '';
  if (group === '') throw commentTagErrors.disabled();
  if (!user.groups.includes(group)) throw commentTagErrors.notATagger(group, action);
}

/** A list parameter's defined members as text (5.2 skips undef ones). */
function tagList(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map(perlText).filter((tag): tag is string => tag !== undefined);
}

/**
 * Bug.update_comment_tags: a tagger adds and removes tags of a comment they may see (a missing
 * comment is no error: `[]`); answers the comment's tags, sorted.
 */
async function updateTags(request: ApiRequest, { store }: RouteDeps): Promise<string[]> {
  const user = currentUser(request);
  checkTagger(store, user, 'update');
  const body = request.body ?? {};
  const raw = body.comment_id ?? request.pathId;
  if (raw === undefined || raw === null) throw errors.paramRequired('comment_id');
  const text = perlText(raw) ?? '';
  if (!/^[0-9]+$/.test(text)) {
    throw new BugzillaError(57, 'The function Bug.update_comment_tags requires that comment_id be an integer.');
  }
  const id = Number(text);
  const comment = isStorableId(id) ? await store.commentById(id) : undefined;
  if (!comment) return [];
  await checkBug(store, user, comment.bugId);
  if (comment.isPrivate && !isInsider(user, store.instance.parameters)) throw errors.commentIsPrivate(comment.id);
  const add = tagList(body.add);
  const remove = tagList(body.remove);
  // Checked here, so a refused tag changes nothing; applied against the tags as they are then.
  changedTags(comment.tags ?? [], add, remove);
  return ownedData(store, 'tagging a comment').updateCommentTags(comment.id, add, remove);
}

/** Bug.search_comment_tags: tags in use containing the query, most used first, at most `limit` (7). */
async function searchTags(request: ApiRequest, { store }: RouteDeps): Promise<string[]> {
  const user = currentUser(request);
  checkTagger(store, user, 'search');
  const query = request.pathId ?? request.query.get('query');
  if (query === null) throw errors.paramRequired('query');
  const limitText = request.query.get('limit') ?? '';
  const limit = limitText === '' || limitText === '0' ? 7 : Number(limitText);
  if (!/^\d+$/.test(limitText === '' ? '7' : limitText) || !Number.isSafeInteger(limit)) {
    throw new BugzillaError(52, 'Invalid parameter limit passed to Bug.search_comment_tags: It must be numeric.');
  }
  return store.searchCommentTags(query, limit);
}

export const commentTagRoutes = {
  'PUT /rest/bug/comment/{id}/tags': {
    rpc: { name: 'Bug.update_comment_tags', params: 'body', pathParam: 'comment_id', readOnly: false },
    codes: [
      [102, "the comment's bug is not visible to the caller"],
      [52, 'the comment id is not a number'],
      [110, 'the comment is private'],
      [125, 'comment tagging is off (no comment_taggers_group)'],
      [126, 'a tag with invalid characters'],
      [127, 'a tag longer than 24 characters'],
      [128, 'a tag shorter than 3 characters'],
      [304, 'only editbugs members may tag comments'],
    ],
    auth: 'required',
    handle: updateTags,
  },
  'GET /rest/bug/comment/tags/{id}': {
    rpc: { name: 'Bug.search_comment_tags', params: 'query', readOnly: false },
    codes: [
      [125, 'comment tagging is off (no comment_taggers_group)'],
      [304, 'only editbugs members may search comment tags'],
    ],
    auth: 'required',
    handle: searchTags,
  },
} satisfies { [K in 'PUT /rest/bug/comment/{id}/tags' | 'GET /rest/bug/comment/tags/{id}']: RouteSpec<K> };
