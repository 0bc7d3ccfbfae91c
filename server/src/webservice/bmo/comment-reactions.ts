import type { ResponseOf } from '@bz-companion/shared';
import { isInsider } from '../../bugzilla/access.js';
import { isClosedFor } from '../../bugzilla/bug/bmo-closed-for.js';
import { restrictedFrom } from '../../bugzilla/bug/bmo-restrict-comments.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { reactionErrors } from '../../bugzilla/comment/bmo-reaction-errors.js';
import { isSupportedReaction, reactionsOn } from '../../bugzilla/comment/bmo-reactions.js';
import { errors } from '../../bugzilla/errors.js';
import { isStorableId } from '../../bugzilla/ids.js';
import { readAll } from '../../bugzilla/read.js';
import { ownedData, type Store } from '../../bugzilla/store/store.js';
import type { Comment, CommentReaction, User } from '../../bugzilla/types.js';
import { bmoUserJson } from '../method/bmo-user-json.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

type Reactions = ResponseOf<'GET /rest/bug/comment/{id}/reactions'>;

/** Three months, as `is_closed_for({months => 3})` counts them from now (DateTime's calendar months: here 92 days). */
const THREE_MONTHS = 92 * 24 * 3600;

/**
 * The comment a reactions path names, checked as BMO's get_comment_reactions and
 * update_comment_reactions check it (Bugzilla/WebService/Bug.pm): reactions on, a numeric id, the
 * bug visible (102), a private comment for insiders only (110). Undefined for none such (BMO answers `[]`).
 */
async function reactedComment(request: ApiRequest, store: Store, user: User | undefined): Promise<Comment | undefined> {
  if (!reactionsOn(store.instance.parameters)) throw reactionErrors.disabled();
  const text = (request.pathId ?? '').trim();
  if (!/^\d+$/.test(text)) throw reactionErrors.notNumeric();
  const id = Number(text);
  const comment = isStorableId(id) ? await store.commentById(id) : undefined;
  if (!comment) return undefined;
  await checkBug(store, user, comment.bugId);
  if (comment.isPrivate && !isInsider(user, store.instance.parameters)) throw errors.commentIsPrivate(comment.id);
  return comment;
}

/** `_get_comment_reactions_with_users`: each reaction's users in the order they reacted. */
async function withUsers(store: Store, reactions: readonly CommentReaction[]): Promise<Reactions> {
  const users = await readAll(reactions.map((one) => store.userById(one.userId)));
  const answer: Record<string, ReturnType<typeof bmoUserJson>[]> = {};
  for (const [i, { reaction }] of reactions.entries()) {
    const user = users[i];
    if (!user) continue;
    const list = answer[reaction] ?? [];
    list.push(bmoUserJson(user));
    answer[reaction] = list;
  }
  return answer;
}

async function getReactions(request: ApiRequest, { store }: RouteDeps): Promise<Reactions> {
  const comment = await reactedComment(request, store, request.user);
  return comment ? withUsers(store, comment.reactions ?? []) : [];
}

/**
 * update_comment_reactions: a logged-in user's reactions added and removed, each a supported one
 * (137), not on a bug closed three months since it was resolved (138), nor on one whose comments
 * are restricted to a group the user is not in (139).
 */
async function updateReactions(request: ApiRequest, { store }: RouteDeps): Promise<Reactions> {
  const user = currentUser(request);
  const comment = await reactedComment(request, store, user);
  if (!comment) return [];
  const bug = await checkBug(store, user, comment.bugId);
  const now = Math.floor(request.webNow / 1000);
  if (isClosedFor(bug, await store.historyOf(bug.id), store.catalogue, THREE_MONTHS, now))
    throw reactionErrors.closed();
  if (restrictedFrom(user, bug, store.instance.parameters, store.catalogue)) throw reactionErrors.restricted();
  const body = request.body ?? {};
  const list = (value: unknown): unknown[] =>
    Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const add = list(body.add);
  const remove = list(body.remove);
  const bad = [...add, ...remove].find((reaction) => !isSupportedReaction(reaction));
  if (bad !== undefined || [...add, ...remove].some((reaction) => reaction === '')) throw reactionErrors.invalid(bad);
  const after = await ownedData(store, 'reacting to a comment').updateCommentReactions(
    comment.id,
    user.id,
    add as string[],
    remove as string[],
  );
  return withUsers(store, after);
}

export const commentReactionRoutes = {
  'GET /rest/bug/comment/{id}/reactions': {
    codes: [
      [52, 'the comment id is not a number'],
      [110, 'the comment is private'],
      [136, 'comment reactions are off'],
    ],
    auth: 'optional-unless-requirelogin',
    handle: getReactions,
  },
  'PUT /rest/bug/comment/{id}/reactions': {
    codes: [
      [52, 'the comment id is not a number'],
      [110, 'the comment is private'],
      [136, 'comment reactions are off'],
      [137, 'no such reaction'],
      [138, 'the bug was resolved three months ago'],
      [139, "the bug's comments are restricted"],
    ],
    auth: 'required',
    handle: updateReactions,
  },
} satisfies { [K in 'GET /rest/bug/comment/{id}/reactions' | 'PUT /rest/bug/comment/{id}/reactions']: RouteSpec<K> };
