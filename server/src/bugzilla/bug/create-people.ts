import type { Component } from '../catalogue/types.js';
import { canEditBugs } from './can-change.js';
import { type CreateCommand, list } from './create-command.js';
import type { BugView } from './effect.js';
import { scalarText } from './field-values.js';
import { canUseGroup } from './relations.js';
import { writeErrors } from './write-errors.js';

/** Assignee, QA contact, CC and groups: who may not choose the people gets the component's defaults. */
export function checkPeople(command: CreateCommand, view: BugView, component: Component | undefined) {
  const { params, catalogue, actor, parameters } = command;
  const empowered = canEditBugs(actor);
  const person = (name: 'assigned_to' | 'qa_contact', fallback: number | null) => {
    const given = scalarText(params[name]);
    if (given === undefined || given === '') return fallback;
    const user = view.userByLogin(given);
    if (!user) throw writeErrors.noSuchUser(given);
    return empowered ? user.id : fallback;
  };
  const assignedTo = person('assigned_to', component?.defaultAssignee ?? null);
  const qaContact = person(
    'qa_contact',
    parameters.useqacontact === '1' ? (component?.defaultQaContact ?? null) : null,
  );
  const cc: number[] = [...(component?.defaultCc ?? [])];
  for (const login of list(params.cc).map((item) => String(item).trim())) {
    if (login === '') continue;
    const user = view.userByLogin(login);
    if (!user) throw writeErrors.invalidUsername(login);
    if (!cc.includes(user.id)) cc.push(user.id);
  }
  const product = catalogue.product(String(params.product));
  const groups: string[] = [];
  for (const name of list(params.groups).map((item) => String(item).trim())) {
    if (!canUseGroup(catalogue, product, name, actor)) {
      throw writeErrors.groupRestrictionNotAllowed(null, name, product?.name ?? '');
    }
    const spelled = catalogue.group(name)?.name ?? name;
    if (!groups.includes(spelled)) groups.push(spelled);
  }
  return { assignedTo, qaContact, cc, groups: groups.sort() };
}
