import type { Component } from '../catalogue/types.js';
import { canEditBugs } from './can-change.js';
import { type CreateCommand, list } from './create-command.js';
import type { BugView } from './effect.js';
import { scalarText } from './field-values.js';
import { writeErrors } from './write-errors.js';

type Person = 'assigned_to' | 'qa_contact';

/** 5.2's `_check_assigned_to` / `_check_qa_contact` on entry: who may not edit bugs gets the component's default. */
function person(command: CreateCommand, view: BugView, name: Person, fallback: number | null): number | null {
  const given = scalarText(command.params[name]);
  if (given === undefined || given === '' || !canEditBugs(command.actor)) return fallback;
  const user = view.userByLogin(given);
  if (!user) throw writeErrors.noSuchUser(given);
  return user.id;
}

export function checkNewAssignee(
  command: CreateCommand,
  view: BugView,
  component: Component | undefined,
): number | null {
  return person(command, view, 'assigned_to', component?.defaultAssignee ?? null);
}

/** No QA contact at all where the tracker does not use them (useqacontact off). */
export function checkNewQaContact(command: CreateCommand, view: BugView, component: Component | undefined) {
  if (command.parameters.useqacontact !== '1') return null;
  return person(command, view, 'qa_contact', component?.defaultQaContact ?? null);
}

/** 5.2's `_check_cc` on entry: each login (504 for one that is no account), and the component's default CC. */
export function checkNewCc(command: CreateCommand, view: BugView, component: Component | undefined): number[] {
  const cc: number[] = [...(component?.defaultCc ?? [])];
  for (const login of list(command.params.cc).map((item) => String(item).trim())) {
    if (login === '') continue;
    const user = view.userByLogin(login);
    if (!user) throw writeErrors.invalidUsername(login);
    if (!cc.includes(user.id)) cc.push(user.id);
  }
  return cc;
}
