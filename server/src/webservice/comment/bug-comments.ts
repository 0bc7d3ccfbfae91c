import type { AddCommentResult, BugCommentsResult } from '@bz-companion/shared';
import { canSeeComment, isInsider } from '../../bugzilla/access.js';
import { namedRefs } from '../../bugzilla/bug/bug-ref.js';
import { checkCanChange } from '../../bugzilla/bug/can-change.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { checkHours } from '../../bugzilla/bug/time-tracking.js';
import { planUpdate } from '../../bugzilla/bug/update-plan.js';
import { checkCommentLength, commentText } from '../../bugzilla/comment/comment-text.js';
import { errors } from '../../bugzilla/errors.js';
import { isStorableId, isStorableText } from '../../bugzilla/ids.js';
import { perlTrue } from '../../bugzilla/perl-truth.js';
import { parseLegalDate } from '../../bugzilla/search/legal-date.js';
import { ownedData } from '../../bugzilla/store/store.js';
import type { Bug, Comment } from '../../bugzilla/types.js';
import { visitEffectsOfUpdate } from '../../bugzilla/visit/update-visits.js';
import { FieldSelection } from '../method/field-selection.js';
import { listGiven } from '../method/list-given.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';
import { visibleBugOrNone } from '../method/skip-private.js';
import { commentJson } from './comment-json.js';

/**
 * Bug.comments: the comments of the bugs asked for (path of the bug route, plus
 * `ids`) and the comments asked for by id (path of the comment route, plus
 * `comment_ids`); both maps are always there. Private comments are only for
 * insiders: left out of a bug's list, an error when asked for by id.
 */
const COMMENT_PARAMS = ['ids', 'comment_ids'] as const;

async function comments(
  request: ApiRequest,
  { store, profile }: RouteDeps,
  byCommentId: boolean,
): Promise<BugCommentsResult> {
  const { user, query } = request;
  const parameters = store.instance.parameters;
  const insider = isInsider(user, parameters);
  const fields = FieldSelection.fromQuery(query);
  const bugRefs = namedRefs(byCommentId ? undefined : request.pathId, query.getAll('ids'));
  const commentRefs = namedRefs(byCommentId ? request.pathId : undefined, query.getAll('comment_ids'));
  // Over REST the path names one; an RPC call may name neither.
  const given =
    bugRefs.length > 0 || commentRefs.length > 0 || listGiven(request, 'ids') || listGiven(request, 'comment_ids');
  if (!given) throw errors.paramsRequired('Bug.comments', COMMENT_PARAMS);
  const newSinceText = query.get('new_since');
  const newSince = newSinceText === null ? null : parseLegalDate(newSinceText);

  const bugs: BugCommentsResult['bugs'] = {};
  const skipPrivate = profile.objects.skipPrivate && perlTrue(query.get('skip_private'));
  for (const ref of bugRefs) {
    const bug = skipPrivate ? await visibleBugOrNone(store, user, ref) : await checkBug(store, user, ref);
    if (!bug) continue;
    // An alias and a number may name one bug: its comments are rendered once.
    if (Object.hasOwn(bugs, String(bug.id))) continue;
    const shown: Array<Record<string, unknown>> = [];
    for (const [count, comment] of (await store.commentsOf(bug.id)).entries()) {
      if (canSeeComment(insider, comment) && (newSince === null || comment.time > newSince)) {
        shown.push(await commentJson(comment, count, store, fields, profile.objects.commentExtras));
      }
    }
    bugs[String(bug.id)] = { comments: shown };
  }

  const byId: BugCommentsResult['comments'] = {};
  const ids = [...new Set(commentRefs.map((ref) => ref.trim()))];
  if (ids.some((id) => !/^\d+$/.test(id))) {
    throw errors.commentIdNotNumeric();
  }
  const found: Comment[] = [];
  for (const id of ids) {
    const number = Number(id);
    const comment = isStorableId(number) ? await store.commentById(number) : undefined;
    if (!comment) throw errors.invalidCommentId(id);
    found.push(comment);
  }
  for (const bugId of new Set(found.map((comment) => comment.bugId))) await checkBug(store, user, bugId);
  for (const comment of found) {
    if (!canSeeComment(insider, comment)) throw errors.commentIsPrivate(comment.id);
    // By id, not identity: a store reading from a database answers each read with new objects.
    const count = (await store.commentsOf(comment.bugId)).findIndex((other) => other.id === comment.id);
    byId[String(comment.id)] = await commentJson(comment, count, store, fields, profile.objects.commentExtras);
  }
  return { bugs, comments: byId };
}

/** A parameter of a POST as 5.2 merges them: the query over the body over the path. */
function param(request: ApiRequest, name: string): unknown {
  const fromQuery = request.query.getAll(name);
  if (fromQuery.length > 0) return fromQuery.length === 1 ? fromQuery[0] : fromQuery;
  if (request.body && Object.hasOwn(request.body, name)) return request.body[name];
  return undefined;
}

/**
 * Bug.add_comment, in 5.2's order of checks: the comment must be there and not
 * blank (50), the bug must exist and be visible (100, 101, 102), only insiders
 * may make it private (113), and it must fit (114). The text loses its
 * trailing white space and its carriage returns. Stored durably, it moves the
 * bug's last_change_time, and changes visits as a bug update does (see
 * visitEffectsOfUpdate).
 */
async function addComment(request: ApiRequest, deps: RouteDeps): Promise<AddCommentResult> {
  const { store, profile, push } = deps;
  const user = currentUser(request);
  const id = param(request, 'id') ?? request.pathId;
  // WebService::Bug::add_comment: `defined $params->{id}` first, then the comment.
  if (id === undefined || id === null) throw errors.paramRequired('id');
  const raw = param(request, 'comment');
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (typeof given !== 'string' && typeof given !== 'number') throw errors.paramRequired('comment');
  if (String(given).trim() === '') throw errors.paramRequired('comment');
  const bug = await checkBug(store, user, Array.isArray(id) ? id[0] : id);
  const parameters = store.instance.parameters;
  // The pre-3.6 name `private`, when given, replaces `is_private` (as 5.2 does).
  const isPrivate = perlTrue(param(request, 'private') ?? param(request, 'is_private'));
  if (isPrivate && !isInsider(user, parameters)) throw errors.notInsider();
  const text = commentText(given);
  if (!isStorableText(text)) throw errors.unstorableText('comment');
  checkCommentLength(text);
  const workTime = param(request, 'work_time');
  const hours = workTime === undefined ? undefined : checkHours('work_time', workTime, true);
  if (hours) checkCanChange(user, bug, 'work_time', '0', hours.text, accessContext(store), false);
  const effects = await visitEffectsOfUpdate(store, bug, user, profile);
  const time = Math.floor((await request.databaseNow()) / 1000);
  if (hours && hours.hours !== 0) {
    return commentWithHours(request, deps, { bug, text, isPrivate, workTime, time, effects });
  }
  const comment = await ownedData(store, 'adding a comment').addComment({
    bugId: bug.id,
    author: user.id,
    text,
    isPrivate,
    time,
    authorVisit: effects.authorVisit,
    forgetVisitsOf: effects.forgetVisitsOf,
  });
  await push.afterWrite({ kind: 'comment-added', commentId: comment.id }, user, time);
  return { id: comment.id };
}

const accessContext = (store: RouteDeps['store']) => ({
  parameters: store.instance.parameters,
  isOpen: (status: string) => store.catalogue.isOpen(status),
});

/**
 * A comment with hours worked is a bug write (Bug->add_comment then update): the comment, the hours'
 * history row, actual_time up and what is left down, planned as Bug.update plans them, in one write.
 */
async function commentWithHours(
  request: ApiRequest,
  { store, push }: RouteDeps,
  given: {
    bug: Bug;
    text: string;
    isPrivate: boolean;
    workTime: unknown;
    time: number;
    effects: Awaited<ReturnType<typeof visitEffectsOfUpdate>>;
  },
): Promise<AddCommentResult> {
  const { bug, time, effects } = given;
  const actor = currentUser(request);
  const visits = new Map([[bug.id, { setFor: effects.authorVisit ? [actor.id] : [], forget: effects.forgetVisitsOf }]]);
  const params = { comment: { body: given.text, is_private: given.isPrivate }, work_time: given.workTime };
  await ownedData(store, 'adding a comment').writeBugs({
    bugIds: [bug.id],
    aliases: [],
    logins: [],
    when: time,
    plan: (view) =>
      planUpdate(
        {
          actor,
          when: time,
          bugIds: [bug.id],
          params,
          catalogue: store.catalogue,
          parameters: store.instance.parameters,
          visits,
          urlbase: '',
        },
        view,
      ),
  });
  const mine = (await store.commentsOf(bug.id)).filter(
    (comment) => comment.author === actor.id && comment.time === time,
  );
  const id = Math.max(...mine.map((comment) => comment.id));
  // BMO's webhooks see it as the comment it is (Bugzilla/Extension/Webhooks: comment event).
  await push.afterWrite({ kind: 'comment-added', commentId: id }, actor, time);
  return { id };
}

export const bugCommentRoutes = {
  'GET /rest/bug/{id}/comment': {
    rpc: { name: 'Bug.comments', params: 'query', readOnly: true },
    codes: [[56, 'an illegal date']],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: (request, deps) => comments(request, deps, false),
  },
  'GET /rest/bug/comment/{id}': {
    codes: [
      [52, 'the comment id is not a number'],
      [110, 'the comment is private'],
      [111, 'no such comment'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: (request, deps) => comments(request, deps, true),
  },
  'POST /rest/bug/{id}/comment': {
    rpc: { name: 'Bug.add_comment', params: 'body', pathParam: 'id', readOnly: false },
    codes: [
      [50, 'id or comment is required'],
      [52, 'the hours worked are not a number'],
      [54, 'the hours worked are too many'],
      [115, 'only time trackers log hours'],
      [113, 'only insiders may add a private comment'],
      [114, 'the comment is too long'],
    ],
    auth: 'required',
    successStatus: 201,
    stampsWrites: true,
    handle: addComment,
  },
} satisfies {
  [K in 'GET /rest/bug/{id}/comment' | 'GET /rest/bug/comment/{id}' | 'POST /rest/bug/{id}/comment']: RouteSpec<K>;
};
