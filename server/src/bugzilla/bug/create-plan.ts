import { newBugSeeAlso, type SeeAlsoList } from '../bug-url/see-also-change.js';
import { checkCommentLength, commentText } from '../comment/comment-text.js';
import { BugzillaError, errors } from '../errors.js';
import type { Bug, BugFields } from '../types.js';
import { checkAliases, checkAliasesDistinct } from './create-aliases.js';
import { type CreateCommand, list } from './create-command.js';
import { checkFields } from './create-fields.js';
import { dependencyIds, linkOtherSides, mirrorSeeAlsoOnCreate, setNewFlags } from './create-links.js';
import { checkPeople } from './create-people.js';
import type { BugView, BugWriteEffect, BugWritePlan } from './effect.js';
import { checkDependencyLoops } from './relations.js';
import { checkStorableText } from './storable-text.js';
import { checkDeadline, checkHours } from './time-tracking.js';

export type { CreateCommand } from './create-command.js';

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

const truthy = (value: unknown) =>
  value !== undefined && value !== null && value !== false && value !== 0 && value !== '0' && value !== '';

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

/** Comment 0: the description (may be empty), private only for insiders. */
function checkDescription(command: CreateCommand): { text: string; isPrivate: boolean } {
  const { params, actor, parameters } = command;
  const given = params.description;
  const text = commentText(given);
  const isPrivate = truthy(params.comment_is_private);
  const insiders = parameters.insidergroup ?? '';
  if (isPrivate && !(insiders !== '' && actor.groups.includes(insiders))) throw errors.notInsider();
  checkCommentLength(text);
  return { text, isPrivate };
}

/** Time tracking as 5.2 files it: the estimate is also what is left (whatever `remaining_time` says). */
function checkTimes(params: Readonly<Record<string, unknown>>) {
  const estimate = params.estimated_time === undefined ? 0 : checkHours('estimated_time', params.estimated_time).hours;
  if (params.remaining_time !== undefined) checkHours('remaining_time', params.remaining_time);
  const deadline = checkDeadline(params.deadline);
  return { estimated_time: estimate, remaining_time: estimate, deadline };
}
