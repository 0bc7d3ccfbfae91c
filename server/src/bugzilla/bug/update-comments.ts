import { isInsider } from '../access.js';
import { planCommentPrivacy } from '../comment/comment-privacy.js';
import { checkCommentLength, commentText } from '../comment/comment-text.js';
import { errors } from '../errors.js';
import { perlTrue } from '../perl-truth.js';
import { checkHours, hoursText } from './time-tracking.js';
import type { UpdateContext } from './update-context.js';
import { has } from './update-params.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/**
 * Bug.update's `comment` and `work_time` (5.2's set_all calls add_comment for either): `{body,
 * is_private}`; the hours worked (negative ones too, to back out an error) go on the comment, which is
 * added even empty then, and lower what is left (never below 0). An empty comment without hours adds nothing.
 */
export function addComment(plan: UpdateContext, working: WorkingBug): void {
  const { params, actor, parameters, when } = plan.command;
  const comment = has(params, 'comment') ? params.comment : {};
  if (comment === null || typeof comment !== 'object' || Array.isArray(comment)) {
    throw writeErrors.wrongShape(
      `Can't use string ("${String(comment).slice(0, 32)}") as a HASH ref while "strict refs" in use at Bugzilla/WebService/Bug.pm line 649.\n`,
      'comment',
      'a struct with body and is_private',
    );
  }
  const { body, comment: text, is_private: isPrivate } = comment as Record<string, unknown>;
  const value = commentText(body ?? text);
  if (perlTrue(isPrivate) && !isInsider(actor, parameters)) throw errors.notInsider();
  checkCommentLength(value);
  const hours = has(params, 'work_time') ? checkWorkTime(plan, working, params.work_time) : undefined;
  if (value.trim() === '' && !hours) return;
  plan.comments.push({ bugId: working.id, author: actor.id, time: when, text: value, isPrivate: perlTrue(isPrivate) });
  working.commented = true;
  if (hours) addWorkTime(working, hours);
}

/** Comment::_check_work_time: hours (52, 54; negative allowed) the user may log (115, no values named). */
function checkWorkTime(
  plan: UpdateContext,
  working: WorkingBug,
  given: unknown,
): { hours: number; text: string } | undefined {
  const checked = checkHours('work_time', given, true);
  plan.checkChange(working, 'work_time', '0', checked.text, false);
  return checked.hours === 0 ? undefined : checked;
}

/** The hours' history row (bugs_activity `work_time`, not in the answer's `changes`), and what is left lowered. */
function addWorkTime(working: WorkingBug, { hours, text }: { hours: number; text: string }): void {
  const { fields } = working.bug;
  working.activityOnly.push({ field_name: 'work_time', removed: '', added: text });
  fields.actual_time = (fields.actual_time ?? 0) + hours;
  const left = Math.max(Math.round(((fields.remaining_time ?? 0) - hours) * 100) / 100, 0);
  if (left !== (fields.remaining_time ?? 0)) {
    working.record('remaining_time', hoursText(fields.remaining_time), hoursText(left));
    fields.remaining_time = left;
  }
}

/** Existing comments made private or public: history rows only (5.2 leaves them out of `changes`). */
export function setCommentPrivacy(plan: UpdateContext, working: WorkingBug): void {
  const insider = isInsider(plan.command.actor, plan.command.parameters);
  const changes = planCommentPrivacy(plan.command.params.comment_is_private, plan.view.comments(working.id), insider);
  for (const { commentId, isPrivate, removed, added } of changes) {
    plan.commentPrivacy.push({ commentId, isPrivate });
    working.activityOnly.push({ field_name: 'longdescs.isprivate', removed, added, comment_id: commentId });
  }
}
