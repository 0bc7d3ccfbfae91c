import { checkNeedinfoChanges, settledNeedinfosCleared } from '../flag/bmo-needinfo-checks.js';
import { needinfoRequests } from '../flag/bmo-needinfo-requests.js';
import { flagErrors } from '../flag/flag-errors.js';
import { type FlagRequest, flagChange, flagsAfterMove, planFlags } from '../flag/flag-rules.js';
import { attachmentFlagsAfterMove } from '../flag/move-cleanup.js';
import type { BugFlag } from '../types.js';
import type { UpdateContext } from './update-context.js';
import { applyCc } from './update-people.js';
import type { WorkingBug } from './working-bug.js';

/** The bug's flags as 5.2's set_flags takes them (flag/flag-rules.ts), a requestee CCed where 5.2 does. */
export function setFlags(plan: UpdateContext, working: WorkingBug): void {
  const { params, catalogue, actor, parameters, when, needinfoWrites } = plan.command;
  const given = params.flags === undefined ? [] : params.flags;
  if (!Array.isArray(given)) throw flagErrors.notAList();
  const requests = given.map((item) =>
    item !== null && typeof item === 'object' ? (item as FlagRequest) : ({} as FlagRequest),
  );
  const userByLogin = (login: string) => plan.view.userByLogin(login);
  const before = working.bug.fields.flags;
  // BMO's Needinfo extension adds its own changes to the write's (flag/bmo-needinfo-requests.ts).
  if (needinfoWrites) {
    const user = (id: number) => plan.view.user(id);
    requests.push(
      ...needinfoRequests(params, { bug: working.bug, flags: before, catalogue, actor, user, userByLogin }),
    );
  }
  const flags = planFlags(
    requests,
    { bug: working.bug, flags: before },
    {
      catalogue,
      parameters,
      actor,
      userByLogin,
      blockedRequestees: plan.command.blockedRequestees === true,
      now: new Date(when * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    },
  );
  let after = flags.flags;
  let change = flags.change;
  if (needinfoWrites) {
    after = settledNeedinfosCleared(after);
    checkNeedinfoChanges(before, after, actor, catalogue);
    change = flagChange(before, after);
  }
  // New flags are numbered by the store (id 0 until then).
  working.bug.fields.flags = after.map((flag) => ({ ...flag, id: flag.id ?? 0 }));
  if (flags.addCc.length > 0) {
    const cc = [...working.bug.cc];
    for (const id of flags.addCc) if (!cc.includes(id)) cc.push(id);
    applyCc(plan, working, cc);
  }
  if (change) working.record('flagtypes.name', change.removed, change.added);
}

/**
 * After a move, the flags whose type does not apply to the new product or component are cleared:
 * the bug's own (5.2's update_flags), and its attachments' unless retargeted (force_cleanup).
 */
export function clearFlagsOfMove(plan: UpdateContext, working: WorkingBug): void {
  const { fields } = working.bug;
  const { catalogue } = plan.command;
  const kept = flagsAfterMove(working.bug, catalogue);
  const removedOfAttachments: BugFlag[] = [];
  for (const attachment of plan.view.attachments(working.id)) {
    const userByLogin = (login: string) => plan.view.userByLogin(login);
    const after = attachmentFlagsAfterMove(attachment.flags, working.bug, catalogue, userByLogin);
    if (after.removed.length === 0 && after.flags.every((flag, i) => flag === attachment.flags[i])) continue;
    plan.attachments.push({ attachment: { ...attachment, flags: after.flags } });
    removedOfAttachments.push(...after.removed);
  }
  if (kept.length === fields.flags.length && removedOfAttachments.length === 0) return;
  fields.flags = kept;
  // One history row on the bug from its flags before this write, and the attachments' flags
  // removed, to its flags after it, as 5.2 logs them.
  const change = flagChange([...working.original.fields.flags, ...removedOfAttachments], kept);
  working.changes.delete('flagtypes.name');
  if (change) working.record('flagtypes.name', change.removed, change.added);
}
