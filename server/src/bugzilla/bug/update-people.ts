import { canEditBugs } from './can-change.js';
import { scalarText } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import type { AddRemoveSet } from './update-params.js';
import { texts } from './update-params.js';
import { listDiff, type WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

type PersonField = 'assigned_to' | 'qa_contact';
const KEYS = { assigned_to: 'assignedTo', qa_contact: 'qaContact' } as const;

/** Assignee or QA contact by login (5.2's set_assigned_to, set_qa_contact). */
export function setUser(plan: UpdateContext, working: WorkingBug, field: PersonField): void {
  const given = scalarText(plan.command.params[field]) ?? '';
  let id: number | null = null;
  if (given !== '') {
    const user = plan.view.userByLogin(given);
    if (!user) throw writeErrors.noSuchUser(given);
    id = user.id;
  } else if (field === 'assigned_to') {
    // 5.2 refuses an empty assignee (Bug::_check_assigned_to: reassign_to_empty); an empty QA contact is none.
    throw writeErrors.reassignToEmpty();
  }
  changeUser(plan, working, field, id);
}

/** reset_assigned_to, reset_qa_contact: the component's default (5.2's reset_assigned_to, reset_qa_contact). */
export function resetUser(plan: UpdateContext, working: WorkingBug, field: PersonField): void {
  const { catalogue } = plan.command;
  const product = catalogue.product(working.bug.fields.product);
  const component = product ? catalogue.component(product, working.bug.fields.component) : undefined;
  const id = field === 'assigned_to' ? component?.defaultAssignee : component?.defaultQaContact;
  changeUser(plan, working, field, id ?? null);
}

function changeUser(plan: UpdateContext, working: WorkingBug, field: PersonField, id: number | null): void {
  const key = KEYS[field];
  const oldLogin = plan.login(working.bug[key]);
  const newLogin = plan.login(id);
  if (working.bug[key] === id) return;
  plan.checkChange(working, field, oldLogin, newLogin);
  working.record(field, oldLogin, newLogin);
  working.bug[key] = id;
}

/** CC's add and remove by login (5.2's add_cc, remove_cc). */
export function setCc(plan: UpdateContext, working: WorkingBug, form: AddRemoveSet): void {
  const cc = [...working.bug.cc];
  for (const login of texts(form.add)) {
    // add_cc: nothing given adds nothing.
    if (login === '' || login === '0') continue;
    const user = plan.view.userByLogin(login);
    if (!user) throw writeErrors.noSuchUser(login);
    if (!cc.includes(user.id)) cc.push(user.id);
  }
  for (const login of texts(form.remove)) {
    const user = plan.view.userByLogin(login);
    if (!user) throw writeErrors.noSuchUser(login);
    // remove_cc: only who may edit the bug removes others; anyone may remove themselves.
    if (user.id !== plan.command.actor.id && !canEditBug(plan, working)) throw writeErrors.ccRemoveDenied();
    const at = cc.indexOf(user.id);
    if (at !== -1) cc.splice(at, 1);
  }
  applyCc(plan, working, cc);
}

/** 5.2's Bug->user canedit: editbugs, or the bug's assignee, or its QA contact where QA contacts are used. */
function canEditBug(plan: UpdateContext, working: WorkingBug): boolean {
  const { actor, parameters } = plan.command;
  const bug = working.original;
  return (
    canEditBugs(actor) ||
    bug.assignedTo === actor.id ||
    (parameters.useqacontact === '1' && bug.qaContact !== null && bug.qaContact === actor.id)
  );
}

/** The bug's CC list becomes `cc`, with one history row for the whole write. */
export function applyCc(plan: UpdateContext, working: WorkingBug, cc: number[]): void {
  const { removed, added } = listDiff(working.bug.cc, cc);
  if (removed.length + added.length === 0) return;
  const logins = (ids: number[]) => ids.map((id) => plan.login(id)).sort();
  working.bug.cc = cc;
  // Several CC changes of one write (a requestee added after `cc`) are one row, as 5.2's update diffs the lists.
  const was = logins(working.original.cc.filter((id) => !cc.includes(id)));
  const now = logins(cc.filter((id) => !working.original.cc.includes(id)));
  working.changes.delete('cc');
  if (was.length + now.length > 0) working.record('cc', was.join(', '), now.join(', '));
}
