import { planCommentPrivacy } from '../comment/comment-privacy.js';
import { checkCommentLength, commentText } from '../comment/comment-text.js';
import { errors } from '../errors.js';
import type { UpdateContext } from './update-context.js';
import { truthy } from './update-params.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** Bug.update's `comment` (5.2's add_comment): `{body, is_private}`; an empty one adds nothing. */
export function addComment(plan: UpdateContext, working: WorkingBug): void {
  const { params, actor, parameters, when } = plan.command;
  const comment = params.comment;
  if (comment === null || typeof comment !== 'object' || Array.isArray(comment)) {
    throw writeErrors.wrongShape(
      `Can't use string ("${String(comment).slice(0, 32)}") as a HASH ref while "strict refs" in use at Bugzilla/WebService/Bug.pm line 649.\n`,
      'comment',
      'a struct with body and is_private',
    );
  }
  const { body, comment: text, is_private: isPrivate } = comment as Record<string, unknown>;
  const given = body ?? text;
  const value = commentText(given);
  const insiders = parameters.insidergroup ?? '';
  if (truthy(isPrivate) && !(insiders !== '' && actor.groups.includes(insiders))) throw errors.notInsider();
  if (value.trim() === '') return;
  checkCommentLength(value);
  plan.comments.push({ bugId: working.id, author: actor.id, time: when, text: value, isPrivate: truthy(isPrivate) });
  working.commented = true;
}

/** Existing comments made private or public: history rows only (5.2 leaves them out of `changes`). */
export function setCommentPrivacy(plan: UpdateContext, working: WorkingBug): void {
  const insiders = plan.command.parameters.insidergroup ?? '';
  const insider = insiders !== '' && plan.command.actor.groups.includes(insiders);
  const changes = planCommentPrivacy(plan.command.params.comment_is_private, plan.view.comments(working.id), insider);
  for (const { commentId, isPrivate, removed, added } of changes) {
    plan.commentPrivacy.push({ commentId, isPrivate });
    working.activityOnly.push({ field_name: 'longdescs.isprivate', removed, added, comment_id: commentId });
  }
}
