import { canSeeBug } from '../access.js';
import { reverseSeeAlso, SeeAlsoList, setSeeAlsoFields } from '../bug-url/see-also-change.js';
import { errors } from '../errors.js';
import { flagErrors } from '../flag/flag-errors.js';
import { type FlagRequest, planFlags } from '../flag/flag-rules.js';
import type { Bug } from '../types.js';
import { canEditBugs, checkCanChange } from './can-change.js';
import { type CreateCommand, list } from './create-command.js';
import type { BugView, BugWriteEffect } from './effect.js';
import { checkDependencyLoops } from './relations.js';
import { WorkingBug } from './working-bug.js';

/**
 * 5.2's `_check_dependencies` on entry: only who may edit bugs sets them (others' are dropped); each a
 * visible bug (100, 101, 102), and no loop.
 */
export function newDependencies(view: BugView, command: CreateCommand): { dependsOn: number[]; blocks: number[] } {
  if (!canEditBugs(command.actor)) return { dependsOn: [], blocks: [] };
  const dependsOn = dependencyIds(view, command, command.params.depends_on);
  const blocks = dependencyIds(view, command, command.params.blocks);
  checkDependencyLoops(0, dependsOn, blocks, (other) => view.bug(other));
  return { dependsOn, blocks };
}

function dependencyIds(view: BugView, { actor, parameters }: CreateCommand, given: unknown): number[] {
  const ids: number[] = [];
  for (const item of list(given)) {
    const text = String(item).trim();
    if (!/^\d+$/.test(text)) throw errors.invalidBugId(text);
    const id = Number(text);
    const bug = view.bug(id);
    if (!bug) throw errors.bugDoesNotExist(id);
    if (!canSeeBug(actor, bug, parameters)) throw errors.bugAccessDenied(id);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The other side of each dependency changes, with a history row there. */
export function linkOtherSides(command: CreateCommand, view: BugView, bug: Bug, effect: BugWriteEffect): void {
  const { actor, when } = command;
  for (const [others, field] of [
    [bug.fields.blocks, 'depends_on'],
    [bug.fields.depends_on, 'blocks'],
  ] as const) {
    for (const otherId of others) {
      const other = new WorkingBug(view.bug(otherId) as Bug);
      other.bug.fields[field] = [...other.bug.fields[field], bug.id].sort((a, b) => a - b);
      other.bug.fields.last_change_time = when;
      effect.bugs.push(other.bug);
      effect.history.push({
        bugId: otherId,
        set: { who: actor.id, when, changes: [{ field_name: field, removed: '', added: String(bug.id) }] },
      });
    }
  }
}

/** A local bug in the new bug's See Also links back to it, when the user may change that bug (5.2's add_see_also). */
export function mirrorSeeAlsoOnCreate(
  command: CreateCommand,
  selfId: number,
  target: Bug,
  effect: BugWriteEffect,
): void {
  const { actor, when, parameters, catalogue, urlbase } = command;
  const known = effect.bugs.find((bug) => bug.id === target.id);
  const other = new WorkingBug(known ?? target);
  try {
    checkCanChange(actor, target, 'see_also', '', String(selfId), {
      parameters,
      isOpen: (status) => catalogue.isOpen(status),
    });
  } catch {
    return;
  }
  const reverse = reverseSeeAlso(selfId, urlbase);
  const list = new SeeAlsoList(other.bug);
  if (!list.add(reverse.value, reverse.className)) return;
  setSeeAlsoFields(other.bug, list);
  other.bug.fields.last_change_time = when;
  if (known) effect.bugs[effect.bugs.indexOf(known)] = other.bug;
  else effect.bugs.push(other.bug);
  effect.history.push({
    bugId: target.id,
    set: { who: actor.id, when, changes: [{ field_name: 'see_also', removed: '', added: reverse.value }] },
  });
}

export function setNewFlags(command: CreateCommand, view: BugView, bug: Bug, effect: BugWriteEffect): void {
  const { params, catalogue, parameters, actor, when } = command;
  if (!Array.isArray(params.flags)) throw flagErrors.notAList();
  const requests = params.flags.map((item) => (item !== null && typeof item === 'object' ? (item as FlagRequest) : {}));
  const plan = planFlags(
    requests,
    { bug, flags: [] },
    {
      catalogue,
      parameters,
      actor,
      userByLogin: (login) => view.userByLogin(login),
      now: new Date(when * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      blockedRequestees: command.blockedRequestees === true,
    },
  );
  bug.fields.flags = plan.flags.map((flag) => ({ ...flag, id: flag.id ?? 0 }));
  bug.cc = [...bug.cc, ...plan.addCc.filter((requestee) => !bug.cc.includes(requestee))];
  if (plan.change) {
    effect.history.push({
      bugId: bug.id,
      set: { who: actor.id, when, changes: [{ field_name: 'flagtypes.name', ...plan.change }] },
    });
  }
}
