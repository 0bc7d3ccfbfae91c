import { asksNeedinfo } from '../flag/bmo-needinfo-requests.js';
import { perlTrue } from '../perl-truth.js';
import type { BugView, BugWriteEffect, BugWritePlan } from './effect.js';
import { checkStorableText } from './storable-text.js';
import { addComment, setCommentPrivacy } from './update-comments.js';
import { type UpdateCommand, UpdateContext } from './update-context.js';
import { setCustomFields } from './update-custom-fields.js';
import { setDependencies } from './update-dependencies.js';
import { clearFlagsOfMove, setFlags } from './update-flags.js';
import { setGroups } from './update-groups.js';
import { setKeywords } from './update-keywords.js';
import { addRemoveSet, has } from './update-params.js';
import { resetUser, setCc, setUser } from './update-people.js';
import { setComponent, setProduct, setVersionAndMilestone } from './update-product.js';
import { setSeeAlso } from './update-see-also.js';
import { setStatus } from './update-status.js';
import { setAccessibility, setAliases, setPlainFields } from './update-text-fields.js';
import { setTimeTracking } from './update-time-tracking.js';
import { clearTrackingFlagsOfMove } from './update-tracking-flags.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

export type { UpdateCommand } from './update-context.js';

/** One bug's part of Bug.update's answer. */
export interface BugUpdateResult {
  id: number;
  alias: string[];
  /** Epoch seconds. */
  last_change_time: number;
  changes: Record<string, { removed: string; added: string }>;
}

/**
 * 5.2's Bug.update (WebService/Bug.pm `update`, Bug.pm `set_all` and `update`): every refusal
 * before anything is decided, then each bug's new rows, its history (one row per field changed),
 * the bugs it touches (the other side of a dependency, a duplicate's original) and the answer.
 * Each field family keeps its set_* and _check_* in its own file (update-*.ts), as Bug.pm groups them.
 */
export function planUpdate(command: UpdateCommand, view: BugView): BugWritePlan<{ bugs: BugUpdateResult[] }> {
  checkStorableText(command.params);
  const plan = new UpdateContext(command, view);
  for (const id of command.bugIds) setAll(plan, plan.workingBug(id));
  return finish(plan);
}

/** 5.2's set_all: each family the request names, in 5.2's order (which decides the first refusal and the history's order). */
function setAll(plan: UpdateContext, working: WorkingBug): void {
  const { params, bugIds } = plan.command;
  if (bugIds.length > 1 && has(params, 'alias')) throw writeErrors.multipleAliasNotAllowed();
  if (has(params, 'product')) setProduct(plan, working);
  else if (has(params, 'component')) setComponent(plan, working);
  if (has(params, 'groups')) setGroups(plan, working, addRemoveSet(params.groups, 'groups'));
  if (has(params, 'depends_on') || has(params, 'blocks')) setDependencies(plan, working);
  if (has(params, 'keywords')) setKeywords(plan, working);
  if (has(params, 'comment') || has(params, 'work_time')) addComment(plan, working);
  if (has(params, 'comment_is_private')) setCommentPrivacy(plan, working);
  setTimeTracking(plan, working);
  for (const name of ['assigned_to', 'qa_contact'] as const) if (has(params, name)) setUser(plan, working, name);
  setPlainFields(plan, working);
  setVersionAndMilestone(plan, working);
  setAccessibility(plan, working);
  if (has(params, 'status') || has(params, 'resolution') || has(params, 'dupe_of')) setStatus(plan, working);
  if (perlTrue(params.reset_assigned_to)) resetUser(plan, working, 'assigned_to');
  if (perlTrue(params.reset_qa_contact)) resetUser(plan, working, 'qa_contact');
  if (has(params, 'see_also')) setSeeAlso(plan, working);
  setCustomFields(plan, working);
  if (has(params, 'cc')) setCc(plan, working, addRemoveSet(params.cc, 'cc'));
  if (has(params, 'alias')) setAliases(plan, working);
  if (has(params, 'flags') || (plan.command.needinfoWrites && asksNeedinfo(params))) setFlags(plan, working);
  if (working.changes.has('product') || working.changes.has('component')) clearFlagsOfMove(plan, working);
  clearTrackingFlagsOfMove(plan, working);
}

/** The effect every store writes (changed bugs, history, comments, visits) and Bug.update's answer. */
function finish(plan: UpdateContext): BugWritePlan<{ bugs: BugUpdateResult[] }> {
  const { when, actor, visits, bugIds } = plan.command;
  const effect: BugWriteEffect = {
    bugs: [],
    history: [],
    comments: plan.comments,
    visits: [],
    commentPrivacy: plan.commentPrivacy,
    attachments: plan.attachments,
  };
  for (const working of plan.working.values()) {
    if (!working.changed) continue;
    working.bug.fields.last_change_time = when;
    effect.bugs.push(working.bug);
    const changes = working.activity();
    if (changes.length > 0) effect.history.push({ bugId: working.id, set: { who: actor.id, when, changes } });
    const visit = visits.get(working.id);
    if (visit) effect.visits.push({ bugId: working.id, setFor: visit.setFor, forget: visit.forget, ts: when });
  }
  const bugs = bugIds.map((id) => {
    const working = plan.working.get(id) as WorkingBug;
    return {
      id,
      alias: [...working.bug.aliases],
      last_change_time: working.changed ? when : working.original.fields.last_change_time,
      changes: working.answerChanges(),
    };
  });
  return { effect, result: { bugs } };
}
