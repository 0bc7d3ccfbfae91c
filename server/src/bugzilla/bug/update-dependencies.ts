import { checkDependencyLoops } from './relations.js';
import type { UpdateContext } from './update-context.js';
import { addRemoveSet, has, idList } from './update-params.js';
import { listDiff, type WorkingBug } from './working-bug.js';

type Links = { dependson: number[]; blocked: number[] };

/**
 * depends_on and blocks (5.2's set_dependencies, modify_dependencies): new links to visible bugs, no
 * loop, and the other side of each link changed too, with its own history row.
 */
export function setDependencies(plan: UpdateContext, working: WorkingBug): void {
  const { bug } = working;
  const next = nextLinks(plan, working);
  const old = { dependson: bug.fields.depends_on, blocked: bug.fields.blocks };
  // Bugs newly linked must be visible; existing links stay even if their bug is not.
  for (const field of ['dependson', 'blocked'] as const) {
    for (const other of listDiff(old[field], next[field]).added) {
      if (other !== bug.id) plan.checkOther(other);
    }
  }
  checkDependencyLoops(bug.id, next.dependson, next.blocked, (id) => plan.bug(id));
  for (const [field, apiField, otherField, otherApi] of [
    ['dependson', 'depends_on', 'blocked', 'blocks'],
    ['blocked', 'blocks', 'dependson', 'depends_on'],
  ] as const) {
    const sorted = [...next[field]].sort((a, b) => a - b);
    const { removed, added } = listDiff(old[field], sorted);
    if (removed.length + added.length === 0) continue;
    plan.checkChange(working, field, old[field].join(', '), sorted.join(', '));
    working.record(field, removed.join(', '), added.join(', '));
    bug.fields[apiField] = sorted;
    for (const other of [...removed, ...added]) {
      const side = plan.workingBug(other);
      const list = side.bug.fields[otherApi];
      const adding = added.includes(other);
      side.bug.fields[otherApi] = adding
        ? [...list.filter((id) => id !== bug.id), bug.id].sort((a, b) => a - b)
        : list.filter((id) => id !== bug.id);
      side.record(otherField, adding ? '' : String(bug.id), adding ? String(bug.id) : '');
    }
  }
}

/** The links asked for: a `set` replaces the list, else `add` then `remove`. */
function nextLinks(plan: UpdateContext, working: WorkingBug): Links {
  const { params } = plan.command;
  const { fields } = working.bug;
  const next = { dependson: [...fields.depends_on], blocked: [...fields.blocks] };
  for (const [name, field] of [
    ['depends_on', 'dependson'],
    ['blocks', 'blocked'],
  ] as const) {
    if (!has(params, name)) continue;
    const form = addRemoveSet(params[name], name);
    if (form.set) {
      next[field] = idList(form.set);
      continue;
    }
    for (const add of idList(form.add)) if (!next[field].includes(add)) next[field].push(add);
    const removed = idList(form.remove);
    next[field] = next[field].filter((other) => !removed.includes(other));
  }
  return next;
}
