import { canSeeBug } from '../access.js';
import { errors } from '../errors.js';
import type { Bug } from '../types.js';
import { scalarText } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import { applyCc } from './update-people.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** dupe_of as 5.2's _check_dup_id takes it: a visible bug, not this one, and no loop of duplicates. */
export function checkDupeOf(plan: UpdateContext, working: WorkingBug, given: unknown): number {
  const target = scalarText(given) ?? '';
  // Bug::_check_dup_id: none given is undefined_field (50).
  if (target === '') throw writeErrors.undefinedField('dup_id');
  if (!/^\d+$/.test(target)) throw errors.invalidBugId(target);
  const id = Number(target);
  if (id === working.id) throw writeErrors.dupeOfItself(working.id);
  plan.checkOther(id);
  checkDupeLoop(plan, working.id, id);
  return id;
}

function checkDupeLoop(plan: UpdateContext, id: number, dupeOf: number): void {
  const seen = new Set<number>([dupeOf]);
  let next: number | null = dupeOf;
  while (next !== null) {
    if (next === id) throw writeErrors.dupeLoop(id, dupeOf);
    const bug: Bug | undefined = plan.bug(next);
    next = bug?.fields.dupe_of ?? null;
    if (next !== null && seen.has(next)) return;
    if (next !== null) seen.add(next);
  }
}

/** 5.2's duplicate notices: this bug's comment becomes (or gets) the "marked as a duplicate" one, the original is told, and this bug's reporter is CCed there when they may see it. */
export function markDuplicate(plan: UpdateContext, working: WorkingBug, dupeOf: number): void {
  const { actor, when, parameters } = plan.command;
  const notice = `\n\n*** This bug has been marked as a duplicate of bug ${dupeOf} ***`;
  const own = plan.comments.findLast((comment) => comment.bugId === working.id);
  if (own) own.text = `${own.text}${notice}`;
  else {
    plan.comments.push({ bugId: working.id, author: actor.id, time: when, text: notice, isPrivate: false });
    working.commented = true;
  }
  const original = plan.workingBug(dupeOf);
  plan.comments.push({
    bugId: dupeOf,
    author: actor.id,
    time: when,
    text: `*** Bug ${working.id} has been marked as a duplicate of this bug. ***`,
    isPrivate: false,
  });
  original.commented = true;
  const reporter = working.bug.reporter === null ? undefined : plan.view.user(working.bug.reporter);
  if (
    reporter &&
    original.bug.reporter !== reporter.id &&
    !original.bug.cc.includes(reporter.id) &&
    canSeeBug(reporter, original.original, parameters)
  ) {
    applyCc(plan, original, [...original.bug.cc, reporter.id]);
  }
}
