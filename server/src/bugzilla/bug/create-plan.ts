import { type AccessParameters, canSeeBug } from '../access.js';
import { newBugSeeAlso, reverseSeeAlso, SeeAlsoList, setSeeAlsoFields } from '../bug-url/see-also-change.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Component, Product } from '../catalogue/types.js';
import { checkCommentLength, commentText } from '../comment/comment-text.js';
import { BugzillaError, errors } from '../errors.js';
import { flagErrors } from '../flag/flag-errors.js';
import { type FlagRequest, planFlags } from '../flag/flag-rules.js';
import type { Bug, BugFields, User } from '../types.js';
import { canConfirm, canEditBugs, checkCanChange } from './can-change.js';
import type { BugView, BugWriteEffect, BugWritePlan } from './effect.js';
import {
  checkAliasText,
  checkComponent,
  checkKeywords,
  checkMilestone,
  checkResolution,
  checkSelectValue,
  checkStatus,
  checkSummary,
  checkVersion,
  type SELECT_FIELDS,
  scalarText,
} from './field-values.js';
import { canUseGroup, checkDependencyLoops } from './relations.js';
import { checkStorableText } from './storable-text.js';
import { checkDeadline, checkHours } from './time-tracking.js';
import { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** The parameters 5.2's Bug.create takes (its create fields, by the API's names). */
const CREATE_PARAMS = new Set([
  'product',
  'component',
  'summary',
  'version',
  'description',
  'comment_is_private',
  'is_markdown',
  'op_sys',
  'platform',
  'priority',
  'severity',
  'alias',
  'assigned_to',
  'qa_contact',
  'cc',
  'status',
  'resolution',
  'target_milestone',
  'groups',
  'keywords',
  'depends_on',
  'blocks',
  'see_also',
  'url',
  'whiteboard',
  'flags',
  'estimated_time',
  'remaining_time',
  'deadline',
  'comment_tags',
]);

export interface CreateCommand {
  actor: User;
  /** Epoch seconds: the request's database clock. */
  when: number;
  params: Readonly<Record<string, unknown>>;
  catalogue: Catalogue;
  parameters: AccessParameters & Record<string, string | undefined>;
  /** This tracker's urlbase (ending in `/`): See Also's show_bug.cgi URLs of it are local bugs. */
  urlbase: string;
}

const truthy = (value: unknown) =>
  value !== undefined && value !== null && value !== false && value !== 0 && value !== '0' && value !== '';

const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const required = (what: string) => new BugzillaError(50, `You must select/enter a ${what}.`);

const inGroup = (user: User, group: string) => user.groups.includes(group);

/**
 * 5.2's Bug.create (WebService/Bug.pm `create`, Bug.pm `create` and its validators), in 5.2's order
 * of checks: the new bug, its description as comment 0, the other side of its dependencies (each
 * with a history row), its flags (a history row on the new bug), and `{id}`.
 */
export function planCreate(command: CreateCommand, view: BugView): BugWritePlan<{ id: number }> {
  checkStorableText(command.params);
  for (const name of Object.keys(command.params)) {
    if (!CREATE_PARAMS.has(name)) {
      throw new BugzillaError(53, `${name} is not a valid parameter for the Bugzilla::Bug::create function.`);
    }
  }
  const fields = checkFields(command);
  const people = checkPeople(command, view, fields.component);
  const comment = checkDescription(command);
  const times = checkTimes(command.params);
  const aliases = checkAliases(view, command.actor, command.parameters, command.params.alias);
  const dependsOn = dependencyIds(view, command, command.params.depends_on);
  const blocks = dependencyIds(view, command, command.params.blocks);
  checkDependencyLoops(0, dependsOn, blocks, (other) => view.bug(other));
  // What 5.2 checks once the bug's row is in (a refusal from here on has used its id up).
  const id = view.newBugId();
  const seeAlso = newBugSeeAlso(command.params.see_also, id, {
    actor: command.actor,
    parameters: command.parameters,
    urlbase: command.urlbase,
    bug: (other) => view.bug(other),
    aliasOwner: (alias) => view.aliasOwner(alias),
  });
  checkAliasesDistinct(list(command.params.alias));
  const { when, actor } = command;
  // Every property written out, not spread (also in newBugFields): built with spreads, V8 copied the
  // properties one by one at run time, and planning a create took about 130 µs instead of 10.
  const bug: Bug = {
    id,
    aliases,
    reporter: actor.id,
    assignedTo: people.assignedTo,
    qaContact: people.qaContact,
    cc: people.cc,
    groups: people.groups,
    reporterAccessible: true,
    cclistAccessible: true,
    fields: newBugFields(fields.values, { seeAlso: seeAlso.list, blocks, dependsOn, times, when }),
  };
  const effect: BugWriteEffect = {
    bugs: [bug],
    history: [],
    comments: [{ bugId: id, author: actor.id, time: when, text: comment.text, isPrivate: comment.isPrivate }],
    visits: [],
  };
  if (command.params.flags !== undefined) setNewFlags(command, view, bug, effect);
  linkOtherSides(command, view, bug, effect);
  for (const other of seeAlso.localBugs) mirrorSeeAlsoOnCreate(command, bug.id, other, effect);
  return { effect, result: { id } };
}

/** The new bug's fields, in the order Bug.get lists them. */
function newBugFields(
  values: ReturnType<typeof checkFields>['values'],
  more: {
    seeAlso: SeeAlsoList;
    blocks: readonly number[];
    dependsOn: readonly number[];
    times: ReturnType<typeof checkTimes>;
    when: number;
  },
): BugFields {
  const fields: BugFields = {
    summary: values.summary,
    status: values.status,
    resolution: values.resolution,
    product: values.product,
    component: values.component,
    version: values.version,
    priority: values.priority,
    severity: values.severity,
    op_sys: values.op_sys,
    platform: values.platform,
    classification: values.classification,
    target_milestone: values.target_milestone,
    url: values.url,
    whiteboard: values.whiteboard,
    keywords: values.keywords,
    is_confirmed: values.is_confirmed,
    see_also: more.seeAlso.values,
    blocks: [...more.blocks].sort((a, b) => a - b),
    depends_on: [...more.dependsOn].sort((a, b) => a - b),
    dupe_of: null,
    flags: [],
    estimated_time: more.times.estimated_time,
    remaining_time: more.times.remaining_time,
    deadline: more.times.deadline,
    creation_time: more.when,
    last_change_time: more.when,
  };
  if (more.seeAlso.added.length > 0) fields.see_also_class = more.seeAlso.classes;
  return fields;
}

/** The bug's own fields, each checked, in 5.2's order (OS and hardware first: their defaults are empty). */
function checkFields(command: CreateCommand) {
  const { params, catalogue, actor, parameters } = command;
  const empowered = canEditBugs(actor);
  const opSys = scalarText(params.op_sys) || parameters.defaultopsys || '';
  if (opSys === '') throw required('OS');
  const platform = scalarText(params.platform) || parameters.defaultplatform || '';
  if (platform === '') throw required('Hardware');
  const product = checkProduct(catalogue, scalarText(params.product) ?? '');
  const componentName = scalarText(params.component) ?? '';
  if (componentName === '') {
    throw new BugzillaError(105, 'To file this bug, you must first choose a component. If necessary, just guess.');
  }
  const component = catalogue.component(product, checkComponent(catalogue, product, componentName));
  const summary = checkSummary(params.summary);
  const versionName = scalarText(params.version) ?? '';
  if (versionName === '') throw required('version');
  const version = checkVersion(catalogue, product, versionName);
  const select = (name: keyof typeof SELECT_FIELDS, fallback: string) => {
    const given = scalarText(params[name]);
    return given === undefined || given === '' ? fallback : checkSelectValue(catalogue, name, given);
  };
  const defaultPriority = parameters.defaultpriority ?? '---';
  const priority =
    parameters.letsubmitterchoosepriority === '0' && !empowered ? defaultPriority : select('priority', defaultPriority);
  const severity = select('severity', parameters.defaultseverity ?? 'enhancement');
  const os = checkSelectValue(catalogue, 'op_sys', opSys);
  const hardware = checkSelectValue(catalogue, 'platform', platform);
  const status = initialStatus(command, product);
  const resolution = initialResolution(catalogue, status, params.resolution);
  const milestoneName = scalarText(params.target_milestone);
  const milestone =
    milestoneName && (empowered || parameters.letsubmitterchoosemilestone !== '0')
      ? checkMilestone(catalogue, product, milestoneName)
      : product.defaultMilestone;
  const keywords = checkKeywords(catalogue, list(params.keywords).map(String));
  const values = {
    summary,
    status,
    resolution,
    product: product.name,
    component: component?.name ?? componentName,
    version,
    priority,
    severity,
    op_sys: os,
    platform: hardware,
    classification: catalogue.classificationById(product.classificationId)?.name ?? 'Unclassified',
    target_milestone: milestone,
    url: scalarText(params.url) ?? '',
    whiteboard: scalarText(params.whiteboard) ?? '',
    keywords,
    is_confirmed: status !== 'UNCONFIRMED',
  };
  return { product, component, values };
}

/** Assignee, QA contact, CC and groups: who may not choose the people gets the component's defaults. */
function checkPeople(command: CreateCommand, view: BugView, component: Component | undefined) {
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

/** Comment 0: the description (may be empty), private only for insiders. */
function checkDescription(command: CreateCommand): { text: string; isPrivate: boolean } {
  const { params, actor, parameters } = command;
  const given = params.description;
  const text = commentText(given);
  const isPrivate = truthy(params.comment_is_private);
  const insiders = parameters.insidergroup ?? '';
  if (isPrivate && !(insiders !== '' && inGroup(actor, insiders))) throw errors.notInsider();
  checkCommentLength(text);
  return { text, isPrivate };
}

function setNewFlags(command: CreateCommand, view: BugView, bug: Bug, effect: BugWriteEffect): void {
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

/** The other side of each dependency changes, with a history row there. */
function linkOtherSides(command: CreateCommand, view: BugView, bug: Bug, effect: BugWriteEffect): void {
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
function mirrorSeeAlsoOnCreate(command: CreateCommand, selfId: number, target: Bug, effect: BugWriteEffect): void {
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

function checkProduct(catalogue: Catalogue, name: string): Product {
  if (name === '') throw required('product');
  const product = catalogue.product(name);
  if (!product) {
    throw new BugzillaError(
      106,
      `Sorry, either the product ${name} does not exist or you aren't authorized to enter a bug into it.`,
      { status: 401 },
    );
  }
  if (!product.isActive) {
    throw new BugzillaError(106, `Sorry, entering a bug into the product ${product.name} has been disabled.`, {
      status: 401,
    });
  }
  return product;
}

/** 5.2's `_check_bug_status` for a new bug: an initial state; who cannot confirm files UNCONFIRMED where the product has it. */
function initialStatus(command: CreateCommand, product: Product): string {
  const { catalogue, actor, params } = command;
  const initial = catalogue.transitionsFrom(null);
  const confirms = canConfirm(actor);
  const given = scalarText(params.status);
  let status: string;
  if (given === undefined || given === '') {
    status =
      product.allowsUnconfirmed && !confirms
        ? 'UNCONFIRMED'
        : (initial.find((s) => s !== 'UNCONFIRMED') ?? 'CONFIRMED');
  } else {
    status = checkStatus(catalogue, given);
    if (!confirms && product.allowsUnconfirmed && status !== 'UNCONFIRMED' && catalogue.isOpen(status)) {
      status = 'UNCONFIRMED';
    }
  }
  if (!initial.includes(status) || (status === 'UNCONFIRMED' && !product.allowsUnconfirmed)) {
    throw writeErrors.illegalTransition(null, status);
  }
  return status;
}

function initialResolution(catalogue: Catalogue, status: string, given: unknown): string {
  const text = scalarText(given) ?? '';
  if (text === '') return '';
  const resolution = checkResolution(catalogue, text);
  if (catalogue.isOpen(status)) throw writeErrors.resolutionNotAllowed();
  return resolution;
}

/** Time tracking as 5.2 files it: the estimate is also what is left (whatever `remaining_time` says). */
function checkTimes(params: Readonly<Record<string, unknown>>) {
  const estimate = params.estimated_time === undefined ? 0 : checkHours('estimated_time', params.estimated_time).hours;
  if (params.remaining_time !== undefined) checkHours('remaining_time', params.remaining_time);
  const deadline = checkDeadline(params.deadline);
  return { estimated_time: estimate, remaining_time: estimate, deadline };
}

function checkAliases(view: BugView, actor: User, parameters: AccessParameters, given: unknown): string[] {
  const aliases: string[] = [];
  for (const item of list(given)) {
    const alias = checkAliasText(String(item));
    if (alias === '') continue;
    if (aliases.includes(alias)) continue;
    const owner = view.aliasOwner(alias);
    if (owner !== undefined) {
      const other = view.bug(owner);
      throw writeErrors.aliasInUse(alias, other && canSeeBug(actor, other, parameters) ? owner : null);
    }
    aliases.push(alias);
  }
  return aliases.sort();
}

/** 5.2 inserts each alias in turn once the bug is in: the same one twice breaks the table's unique index. */
function checkAliasesDistinct(given: readonly unknown[]): void {
  const seen = new Set<string>();
  for (const item of given) {
    const alias = String(item).trim();
    if (seen.has(alias)) {
      throw writeErrors.wrongShape(
        'DBD::Pg::st execute failed: ERROR:  duplicate key value violates unique constraint "bugs_aliases_alias_idx"',
        'alias',
        'a list of different aliases',
      );
    }
    seen.add(alias);
  }
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
