import { type AccessParameters, canSeeBug } from '../access.js';
import {
  checkLocalBug,
  checkSeeAlsoValue,
  localBugOfRemoved,
  reverseSeeAlso,
  SeeAlsoList,
  setSeeAlsoFields,
} from '../bug-url/see-also-change.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { planCommentPrivacy } from '../comment/comment-privacy.js';
import { checkCommentLength, commentText } from '../comment/comment-text.js';
import { errors } from '../errors.js';
import { flagErrors } from '../flag/flag-errors.js';
import { type FlagRequest, flagChange, flagsAfterMove, planFlags } from '../flag/flag-rules.js';
import { attachmentFlagsAfterMove } from '../flag/move-cleanup.js';
import type { Bug, BugFlag, User } from '../types.js';
import { checkCanChange } from './can-change.js';
import type { AttachmentWrite, BugView, BugWriteEffect, BugWritePlan, NewBugComment } from './effect.js';
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
  SELECT_FIELDS,
  scalarText,
} from './field-values.js';
import { canUseGroup, checkDependencyLoops } from './relations.js';
import { checkStorableText } from './storable-text.js';
import { checkDeadline, checkHours, hoursText } from './time-tracking.js';
import { listDiff, WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** One bug's part of Bug.update's answer. */
export interface BugUpdateResult {
  id: number;
  alias: string[];
  /** Epoch seconds. */
  last_change_time: number;
  changes: Record<string, { removed: string; added: string }>;
}

export interface UpdateCommand {
  actor: User;
  /** Epoch seconds: the request's database clock. */
  when: number;
  /** The bugs to change, in the order asked (each once), checked to exist and be visible. */
  bugIds: readonly number[];
  /** The request's parameters (ids and credentials aside), as 5.2's Bug.update takes them. */
  params: Readonly<Record<string, unknown>>;
  catalogue: Catalogue;
  parameters: AccessParameters & Record<string, string | undefined>;
  /** Per bug: the visit rows 5.2's update sets and deletes (computed by the caller from who is involved). */
  visits: ReadonlyMap<number, { setFor: number[]; forget: number[] }>;
  /** This tracker's urlbase (ending in `/`): See Also's show_bug.cgi URLs of it are local bugs. */
  urlbase: string;
  /** See Also's removals before its additions: 5.2's update_see_also (Bug.update adds first). */
  seeAlsoRemovesFirst?: boolean;
}

/** Perl's truth. */
const truthy = (value: unknown) =>
  value !== undefined && value !== null && value !== false && value !== 0 && value !== '0' && value !== '';

const has = (params: Readonly<Record<string, unknown>>, name: string) =>
  Object.hasOwn(params, name) && params[name] !== undefined;

type AddRemoveSet = { add?: unknown[]; remove?: unknown[]; set?: unknown[] };

/** An `{add, remove, set}` member (5.2 dies on anything else where it expects one). */
function addRemoveSet(value: unknown, param: string): AddRemoveSet {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw writeErrors.wrongShape(
      'Not a HASH reference at Bugzilla/Bug.pm line 2556.\n',
      param,
      'a struct of add, remove or set',
    );
  }
  const form = value as Record<string, unknown>;
  const list = (member: unknown) =>
    member === undefined || member === null ? undefined : Array.isArray(member) ? member : [member];
  const result: AddRemoveSet = {};
  for (const key of ['add', 'remove', 'set'] as const) {
    const items = list(form[key]);
    if (items) result[key] = items;
  }
  return result;
}

const texts = (items: readonly unknown[] | undefined) => (items ?? []).map((item) => String(item).trim());

/** Bug ids of a dependency list (5.2 takes ids; an alias there is not looked up). */
function idList(items: readonly unknown[] | undefined): number[] {
  const ids: number[] = [];
  for (const item of items ?? []) {
    const text = String(item).trim();
    if (!/^\d+$/.test(text)) throw errors.invalidBugId(text);
    const id = Number(text);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * 5.2's Bug.update (WebService/Bug.pm `update`, Bug.pm `set_all` and `update`): every refusal
 * before anything is decided, then each bug's new rows, its history (one row per field changed),
 * the bugs it touches (the other side of a dependency, a duplicate's original) and the answer.
 */
export function planUpdate(command: UpdateCommand, view: BugView): BugWritePlan<{ bugs: BugUpdateResult[] }> {
  checkStorableText(command.params);
  const plan = new UpdatePlan(command, view);
  for (const id of command.bugIds) plan.setAll(id);
  return plan.finish();
}

class UpdatePlan {
  readonly #command: UpdateCommand;
  readonly #view: BugView;
  /** Every bug this write changes, targets first, by id. */
  readonly #working = new Map<number, WorkingBug>();
  readonly #comments: NewBugComment[] = [];
  readonly #commentPrivacy: NonNullable<BugWriteEffect['commentPrivacy']> = [];
  /** Attachments whose flags a move cleared. */
  readonly #attachments: AttachmentWrite[] = [];

  constructor(command: UpdateCommand, view: BugView) {
    this.#command = command;
    this.#view = view;
  }

  #workingBug(id: number): WorkingBug {
    let working = this.#working.get(id);
    if (!working) {
      const bug = this.#view.bug(id);
      if (!bug) throw errors.bugDoesNotExist(id);
      working = new WorkingBug(bug);
      this.#working.set(id, working);
    }
    return working;
  }

  /** A bug named in a parameter: it must exist and be visible to the user (101, 102). */
  #checkOther(id: number): Bug {
    const bug = this.#working.get(id)?.bug ?? this.#view.bug(id);
    if (!bug) throw errors.bugDoesNotExist(id);
    if (!canSeeBug(this.#command.actor, bug, this.#command.parameters)) throw errors.bugAccessDenied(id);
    return bug;
  }

  #login(id: number | null): string {
    return id === null ? '' : (this.#view.user(id)?.login ?? '');
  }

  #checkChange(working: WorkingBug, field: string, oldValue: string, newValue: string): void {
    const { actor, parameters, catalogue } = this.#command;
    checkCanChange(actor, working.original, field, oldValue, newValue, {
      parameters,
      isOpen: (status) => catalogue.isOpen(status),
    });
  }

  setAll(id: number): void {
    const { params } = this.#command;
    const working = this.#workingBug(id);
    if (this.#command.bugIds.length > 1 && has(params, 'alias')) throw writeErrors.multipleAliasNotAllowed();
    if (has(params, 'product') || has(params, 'component')) this.#setProduct(working);
    if (has(params, 'groups')) this.#setGroups(working, addRemoveSet(params.groups, 'groups'));
    if (has(params, 'depends_on') || has(params, 'blocks')) this.#setDependencies(working);
    if (has(params, 'keywords')) this.#setKeywords(working);
    if (has(params, 'comment')) this.#addComment(working);
    if (has(params, 'comment_is_private')) this.#setCommentPrivacy(working);
    this.#setTimeTracking(working);
    for (const name of ['assigned_to', 'qa_contact'] as const) if (has(params, name)) this.#setUser(working, name);
    this.#setScalars(working);
    if (has(params, 'status') || has(params, 'resolution') || has(params, 'dupe_of')) this.#setStatus(working);
    if (truthy(params.reset_assigned_to)) this.#resetUser(working, 'assigned_to');
    if (truthy(params.reset_qa_contact)) this.#resetUser(working, 'qa_contact');
    if (has(params, 'see_also')) this.#setSeeAlso(working);
    if (has(params, 'cc')) this.#setCc(working, addRemoveSet(params.cc, 'cc'));
    if (has(params, 'alias')) this.#setAliases(working);
    if (has(params, 'flags')) this.#setFlags(working);
    if (working.changes.has('product') || working.changes.has('component')) this.#clearFlagsOfMove(working);
  }

  /**
   * After a move, the flags whose type does not apply to the new product or component are cleared:
   * the bug's own (5.2's update_flags), and its attachments' unless retargeted (force_cleanup).
   */
  #clearFlagsOfMove(working: WorkingBug): void {
    const { fields } = working.bug;
    const { catalogue } = this.#command;
    const kept = flagsAfterMove(working.bug, catalogue);
    const removedOfAttachments: BugFlag[] = [];
    for (const attachment of this.#view.attachments(working.id)) {
      const userByLogin = (login: string) => this.#view.userByLogin(login);
      const after = attachmentFlagsAfterMove(attachment.flags, working.bug, catalogue, userByLogin);
      if (after.removed.length === 0 && after.flags.every((flag, i) => flag === attachment.flags[i])) continue;
      this.#attachments.push({ attachment: { ...attachment, flags: after.flags } });
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

  #setProduct(working: WorkingBug): void {
    const { catalogue, params } = this.#command;
    const { fields } = working.bug;
    const productName = scalarText(params.product) ?? fields.product;
    const product = catalogue.product(productName);
    if (!product) {
      throw writeErrors.noSuchValue('product', productName);
    }
    const moved = product.name !== fields.product;
    const component = checkComponent(catalogue, product, scalarText(params.component) ?? fields.component);
    const version = checkVersion(
      catalogue,
      product,
      scalarText(params.version) ?? fields.version,
      moved ? undefined : fields.version,
    );
    const milestone = checkMilestone(
      catalogue,
      product,
      scalarText(params.target_milestone) ?? (moved ? product.defaultMilestone : fields.target_milestone),
      moved ? undefined : fields.target_milestone,
    );
    for (const [field, name, value] of [
      ['product', 'product', product.name],
      ['component', 'component', component],
      ['version', 'version', version],
      ['target_milestone', 'target_milestone', milestone],
    ] as const) {
      this.#checkChange(working, field, fields[name], value);
      working.record(field, fields[name], value);
      fields[name] = value;
    }
    fields.classification = catalogue.classificationById(product.classificationId)?.name ?? fields.classification;
  }

  #setGroups(working: WorkingBug, form: AddRemoveSet): void {
    const { catalogue, actor } = this.#command;
    const { bug } = working;
    const product = catalogue.product(bug.fields.product);
    const groups = [...bug.groups];
    for (const name of texts(form.add)) {
      if (!canUseGroup(catalogue, product, name, actor)) {
        throw writeErrors.groupRestrictionNotAllowed(bug.id, name, bug.fields.product);
      }
      const spelled = catalogue.group(name)?.name ?? name;
      if (!groups.includes(spelled)) groups.push(spelled);
    }
    for (const name of texts(form.remove)) {
      const spelled = catalogue.group(name)?.name ?? name;
      if (!groups.includes(spelled)) continue;
      if (!canUseGroup(catalogue, product, name, actor))
        throw writeErrors.groupInvalidRemoval(bug.id, name, bug.fields.product);
      groups.splice(groups.indexOf(spelled), 1);
    }
    groups.sort();
    const { removed, added } = listDiff(bug.groups, groups);
    if (removed.length + added.length === 0) return;
    this.#checkChange(working, 'bug_group', removed.join(', '), added.join(', '));
    working.record('bug_group', removed.join(', '), added.join(', '));
    bug.groups = groups;
  }

  #setDependencies(working: WorkingBug): void {
    const { params } = this.#command;
    const { bug } = working;
    const next = { dependson: [...bug.fields.depends_on], blocked: [...bug.fields.blocks] };
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
    const old = { dependson: bug.fields.depends_on, blocked: bug.fields.blocks };
    // Bugs newly linked must be visible; existing links stay even if their bug is not.
    for (const field of ['dependson', 'blocked'] as const) {
      for (const other of listDiff(old[field], next[field]).added) {
        if (other !== bug.id) this.#checkOther(other);
      }
    }
    checkDependencyLoops(
      bug.id,
      next.dependson,
      next.blocked,
      (id) => this.#working.get(id)?.bug ?? this.#view.bug(id),
    );
    for (const [field, apiField, otherField, otherApi] of [
      ['dependson', 'depends_on', 'blocked', 'blocks'],
      ['blocked', 'blocks', 'dependson', 'depends_on'],
    ] as const) {
      const sorted = [...next[field]].sort((a, b) => a - b);
      const { removed, added } = listDiff(old[field], sorted);
      if (removed.length + added.length === 0) continue;
      this.#checkChange(working, field, old[field].join(', '), sorted.join(', '));
      working.record(field, removed.join(', '), added.join(', '));
      bug.fields[apiField] = sorted;
      // The other side of each link changes too, with its own history row.
      for (const other of [...removed, ...added]) {
        const side = this.#workingBug(other);
        const list = side.bug.fields[otherApi];
        const adding = added.includes(other);
        side.bug.fields[otherApi] = adding
          ? [...list.filter((id) => id !== bug.id), bug.id].sort((a, b) => a - b)
          : list.filter((id) => id !== bug.id);
        side.record(otherField, adding ? '' : String(bug.id), adding ? String(bug.id) : '');
      }
    }
  }

  #setKeywords(working: WorkingBug): void {
    const { catalogue, params } = this.#command;
    const raw = params.keywords;
    // A plain list (or name) is a `set`, as 5.2's modify_keywords takes it.
    const form: AddRemoveSet =
      raw !== null && typeof raw === 'object' && !Array.isArray(raw)
        ? addRemoveSet(raw, 'keywords')
        : { set: Array.isArray(raw) ? raw : [raw] };
    let result = [...working.bug.fields.keywords];
    for (const action of ['add', 'remove', 'set'] as const) {
      const given = form[action];
      if (!given) continue;
      const names = checkKeywords(catalogue, texts(given));
      if (action === 'set') result = names;
      else if (action === 'add') result = [...result, ...names.filter((name) => !result.includes(name))];
      else result = result.filter((name) => !names.includes(name));
    }
    result = checkKeywords(catalogue, result);
    const old = working.bug.fields.keywords;
    const { removed, added } = listDiff(old, result);
    if (removed.length + added.length === 0) return;
    this.#checkChange(working, 'keywords', '0', '1');
    working.record('keywords', removed.join(', '), added.join(', '));
    working.bug.fields.keywords = result;
  }

  #addComment(working: WorkingBug): void {
    const { params, actor, parameters, when } = this.#command;
    const comment = params.comment;
    if (comment === null || typeof comment !== 'object' || Array.isArray(comment)) {
      throw writeErrors.wrongShape(
        `Can't use string ("${String(comment).slice(0, 32)}") as a HASH ref while "strict refs" in use at Bugzilla/WebService/Bug.pm line 649.\n`,
        'comment',
        'a struct with body and is_private',
      );
    }
    const { body, comment: text, is_private: isPrivate } = comment as Record<string, unknown>;
    const given = body ?? text;
    const value = commentText(given);
    const insiders = parameters.insidergroup ?? '';
    if (truthy(isPrivate) && !(insiders !== '' && actor.groups.includes(insiders))) throw errors.notInsider();
    if (value.trim() === '') return;
    checkCommentLength(value);
    this.#comments.push({ bugId: working.id, author: actor.id, time: when, text: value, isPrivate: truthy(isPrivate) });
    working.commented = true;
  }

  /** Existing comments made private or public: history rows only (5.2 leaves them out of `changes`). */
  #setCommentPrivacy(working: WorkingBug): void {
    const insiders = this.#command.parameters.insidergroup ?? '';
    const insider = insiders !== '' && this.#command.actor.groups.includes(insiders);
    const changes = planCommentPrivacy(
      this.#command.params.comment_is_private,
      this.#view.comments(working.id),
      insider,
    );
    for (const { commentId, isPrivate, removed, added } of changes) {
      this.#commentPrivacy.push({ commentId, isPrivate });
      working.activityOnly.push({ field_name: 'longdescs.isprivate', removed, added, comment_id: commentId });
    }
  }

  /** deadline, estimated_time, remaining_time (in `changes`) and work_time (history only, added to actual_time). */
  #setTimeTracking(working: WorkingBug): void {
    const { params } = this.#command;
    const { fields } = working.bug;
    if (has(params, 'deadline')) {
      const value = checkDeadline(params.deadline);
      const old = fields.deadline ?? '';
      this.#checkChange(working, 'deadline', old, value ?? '');
      working.record('deadline', old, value ?? '');
      fields.deadline = value;
    }
    for (const field of ['estimated_time', 'remaining_time'] as const) {
      if (!has(params, field)) continue;
      const { hours, text } = checkHours(field, params[field]);
      if (hours === (fields[field] ?? 0)) continue;
      this.#checkChange(working, field, hoursText(fields[field]), text);
      working.record(field, hoursText(fields[field]), text);
      fields[field] = hours;
    }
    if (has(params, 'work_time')) {
      const { hours, text } = checkHours('work_time', params.work_time);
      if (hours === 0) return;
      this.#checkChange(working, 'work_time', '0', text);
      working.activityOnly.push({ field_name: 'work_time', removed: '', added: text });
      fields.actual_time = (fields.actual_time ?? 0) + hours;
    }
  }

  #setUser(working: WorkingBug, field: 'assigned_to' | 'qa_contact'): void {
    const given = scalarText(this.#command.params[field]) ?? '';
    const key = field === 'assigned_to' ? 'assignedTo' : 'qaContact';
    let id: number | null = null;
    if (given !== '') {
      const user = this.#view.userByLogin(given);
      if (!user) throw writeErrors.noSuchUser(given);
      id = user.id;
    } else if (field === 'assigned_to') {
      // 5.2 refuses an empty assignee (the field is required).
      throw writeErrors.noSuchUser(given);
    }
    this.#changeUser(working, field, key, id);
  }

  #changeUser(working: WorkingBug, field: string, key: 'assignedTo' | 'qaContact', id: number | null): void {
    const oldLogin = this.#login(working.bug[key]);
    const newLogin = this.#login(id);
    if (working.bug[key] === id) return;
    this.#checkChange(working, field, oldLogin, newLogin);
    working.record(field, oldLogin, newLogin);
    working.bug[key] = id;
  }

  #resetUser(working: WorkingBug, field: 'assigned_to' | 'qa_contact'): void {
    const { catalogue } = this.#command;
    const product = catalogue.product(working.bug.fields.product);
    const component = product ? catalogue.component(product, working.bug.fields.component) : undefined;
    if (field === 'assigned_to') this.#changeUser(working, field, 'assignedTo', component?.defaultAssignee ?? null);
    else this.#changeUser(working, field, 'qaContact', component?.defaultQaContact ?? null);
  }

  /** The plain fields, each validated, then checked against the user's rights (115). */
  #setScalars(working: WorkingBug): void {
    const { params, catalogue } = this.#command;
    const { fields } = working.bug;
    const set = (field: string, name: 'summary' | 'url' | 'whiteboard' | keyof typeof SELECT_FIELDS, value: string) => {
      this.#checkChange(working, field, fields[name], value);
      working.record(field, fields[name], value);
      fields[name] = value;
    };
    for (const name of Object.keys(SELECT_FIELDS) as Array<keyof typeof SELECT_FIELDS>) {
      const given = scalarText(params[name]);
      if (given !== undefined) set(SELECT_FIELDS[name].bugzilla, name, checkSelectValue(catalogue, name, given));
    }
    if (has(params, 'summary')) set('short_desc', 'summary', checkSummary(params.summary));
    if (has(params, 'url')) set('bug_file_loc', 'url', scalarText(params.url) ?? '');
    if (has(params, 'whiteboard')) set('status_whiteboard', 'whiteboard', scalarText(params.whiteboard) ?? '');
    if (!has(params, 'product')) {
      const product = catalogue.product(fields.product);
      if (product && has(params, 'version')) {
        const value = checkVersion(catalogue, product, scalarText(params.version) ?? '', fields.version);
        this.#checkChange(working, 'version', fields.version, value);
        working.record('version', fields.version, value);
        fields.version = value;
      }
      if (product && has(params, 'target_milestone')) {
        const value = checkMilestone(
          catalogue,
          product,
          scalarText(params.target_milestone) ?? '',
          fields.target_milestone,
        );
        this.#checkChange(working, 'target_milestone', fields.target_milestone, value);
        working.record('target_milestone', fields.target_milestone, value);
        fields.target_milestone = value;
      }
    }
    for (const [name, field, key] of [
      ['is_cc_accessible', 'cclist_accessible', 'cclistAccessible'],
      ['is_creator_accessible', 'reporter_accessible', 'reporterAccessible'],
    ] as const) {
      if (!has(params, name)) continue;
      const value = truthy(params[name]);
      const old = working.bug[key] ? '1' : '0';
      this.#checkChange(working, field, old, value ? '1' : '0');
      working.record(field, old, value ? '1' : '0');
      working.bug[key] = value;
    }
  }

  /** The workflow: status, resolution and duplicates, as 5.2's set_bug_status, set_resolution and set_dup_id. */
  #setStatus(working: WorkingBug): void {
    const { params, catalogue } = this.#command;
    const { fields } = working.bug;
    const oldStatus = fields.status;
    const oldResolution = fields.resolution;
    const givenStatus = scalarText(params.status);
    const givenResolution = has(params, 'resolution') ? (scalarText(params.resolution) ?? '') : undefined;
    let status = givenStatus ? checkStatus(catalogue, givenStatus) : oldStatus;
    let resolution = givenResolution ? checkResolution(catalogue, givenResolution) : fields.resolution;
    let dupeOf = fields.dupe_of;
    if (status !== oldStatus) this.#checkTransition(working, oldStatus, status);
    const open = catalogue.isOpen(status);
    if (open) {
      if (givenResolution) throw writeErrors.resolutionNotAllowed();
      // Reopening clears the resolution (and the duplicate).
      resolution = '';
      dupeOf = null;
    } else if (
      (givenResolution === '' || resolution === '') &&
      !(has(params, 'dupe_of') && givenResolution === undefined)
    ) {
      throw writeErrors.missingResolution(status);
    }
    if (has(params, 'dupe_of')) {
      dupeOf = this.#checkDupeOf(working, params.dupe_of);
      if (resolution !== 'DUPLICATE') {
        const duplicateStatus = this.#command.parameters.duplicate_or_move_bug_status || 'RESOLVED';
        if (open && status !== duplicateStatus) this.#checkTransition(working, status, duplicateStatus);
        status = duplicateStatus;
        resolution = 'DUPLICATE';
      }
    } else if (resolution === 'DUPLICATE' && dupeOf === null && !open) {
      throw writeErrors.dupeIdRequired();
    }
    if (resolution !== 'DUPLICATE') dupeOf = null;
    if (
      resolution !== oldResolution &&
      this.#command.parameters.commentonchange_resolution === '1' &&
      !working.commented
    ) {
      throw writeErrors.commentRequiredFor('resolution', oldResolution, resolution);
    }
    this.#recordStatus(working, status, resolution, dupeOf);
  }

  #checkTransition(working: WorkingBug, from: string, to: string): void {
    const { catalogue } = this.#command;
    const product = catalogue.product(working.bug.fields.product);
    const permitted =
      catalogue.transitionsFrom(from).includes(to) &&
      !(to === 'UNCONFIRMED' && product && !product.allowsUnconfirmed) &&
      this.#mayChange(working, 'bug_status', from, to);
    if (!permitted) throw writeErrors.illegalTransition(from, to);
  }

  #checkDupeOf(working: WorkingBug, given: unknown): number {
    const target = scalarText(given) ?? '';
    if (!/^\d+$/.test(target)) throw errors.invalidBugId(target);
    const id = Number(target);
    if (id === working.id) throw writeErrors.dupeOfItself(working.id);
    this.#checkOther(id);
    this.#checkDupeLoop(working.id, id);
    return id;
  }

  #recordStatus(working: WorkingBug, status: string, resolution: string, dupeOf: number | null): void {
    const { catalogue } = this.#command;
    const { fields } = working.bug;
    if (status !== fields.status) {
      working.record('bug_status', fields.status, status);
      fields.status = status;
      if (!fields.is_confirmed && status !== 'UNCONFIRMED' && catalogue.isOpen(status)) {
        working.record('everconfirmed', '0', '1');
        fields.is_confirmed = true;
      }
    }
    if (resolution !== fields.resolution) {
      working.record('resolution', fields.resolution, resolution);
      fields.resolution = resolution;
    }
    if (dupeOf !== fields.dupe_of) {
      const text = (id: number | null) => (id === null ? '' : String(id));
      working.record('dup_id', text(fields.dupe_of), text(dupeOf));
      fields.dupe_of = dupeOf;
      if (dupeOf !== null) this.#markDuplicate(working, dupeOf);
    }
  }

  #mayChange(working: WorkingBug, field: string, oldValue: string, newValue: string): boolean {
    try {
      this.#checkChange(working, field, oldValue, newValue);
      return true;
    } catch {
      return false;
    }
  }

  #checkDupeLoop(id: number, dupeOf: number): void {
    const seen = new Set<number>([dupeOf]);
    let next: number | null = dupeOf;
    while (next !== null) {
      if (next === id) throw writeErrors.dupeLoop(id, dupeOf);
      const bug: Bug | undefined = this.#working.get(next)?.bug ?? this.#view.bug(next);
      next = bug?.fields.dupe_of ?? null;
      if (next !== null && seen.has(next)) return;
      if (next !== null) seen.add(next);
    }
  }

  /** 5.2's duplicate notices: this bug's comment becomes (or gets) the "marked as a duplicate" one, the original is told, and this bug's reporter is CCed there when they may see it. */
  #markDuplicate(working: WorkingBug, dupeOf: number): void {
    const { actor, when, parameters } = this.#command;
    const notice = `\n\n*** This bug has been marked as a duplicate of bug ${dupeOf} ***`;
    const own = this.#comments.findLast((comment) => comment.bugId === working.id);
    if (own) own.text = `${own.text}${notice}`;
    else {
      this.#comments.push({ bugId: working.id, author: actor.id, time: when, text: notice, isPrivate: false });
      working.commented = true;
    }
    const original = this.#workingBug(dupeOf);
    this.#comments.push({
      bugId: dupeOf,
      author: actor.id,
      time: when,
      text: `*** Bug ${working.id} has been marked as a duplicate of this bug. ***`,
      isPrivate: false,
    });
    original.commented = true;
    const reporter = working.bug.reporter === null ? undefined : this.#view.user(working.bug.reporter);
    if (
      reporter &&
      original.bug.reporter !== reporter.id &&
      !original.bug.cc.includes(reporter.id) &&
      canSeeBug(reporter, original.original, parameters)
    ) {
      this.#applyCc(original, [...original.bug.cc, reporter.id]);
    }
  }

  /**
   * See Also's add and remove, as 5.2's add_see_also and remove_see_also: each value in its class's
   * form (bugzilla/bug-url), and a local bug's link mirrored on that bug where the user may change it.
   */
  #setSeeAlso(working: WorkingBug): void {
    const form = addRemoveSet(this.#command.params.see_also, 'see_also');
    const { actor, parameters, urlbase } = this.#command;
    const context = {
      actor,
      parameters,
      urlbase,
      bug: (id: number) => this.#working.get(id)?.bug ?? this.#view.bug(id),
      aliasOwner: (alias: string) => this.#view.aliasOwner(alias),
    };
    const list = new SeeAlsoList(working.bug);
    const add = () => {
      for (const url of texts(form.add)) {
        const checked = checkSeeAlsoValue(url, working.id, context);
        if (!checked || !list.add(checked.value, checked.className)) continue;
        if (checked.localBug) this.#mirrorSeeAlso(checked.localBug.id, working.id, 'add');
      }
    };
    const remove = () => {
      for (const url of texts(form.remove)) {
        const removed = list.remove(url);
        const other = removed && localBugOfRemoved(removed.value, removed.className, urlbase);
        if (other !== undefined) this.#mirrorSeeAlso(checkLocalBug(other, context).id, working.id, 'remove');
      }
    };
    if (this.#command.seeAlsoRemovesFirst) {
      remove();
      add();
    } else {
      add();
      remove();
    }
    if (list.added.length + list.removed.length === 0) return;
    const removed = list.removed.join(', ');
    const added = list.added.join(', ');
    this.#checkChange(working, 'see_also', removed, added);
    working.record('see_also', removed, added);
    setSeeAlsoFields(working.bug, list);
  }

  /** The reverse of a local See Also link, on the other bug, when the user may change its See Also (else none, as 5.2). */
  #mirrorSeeAlso(otherId: number, selfId: number, how: 'add' | 'remove'): void {
    const other = this.#workingBug(otherId);
    const { actor, parameters, catalogue, urlbase } = this.#command;
    const reverse = reverseSeeAlso(selfId, urlbase);
    const list = new SeeAlsoList(other.bug);
    const changed = how === 'add' ? list.add(reverse.value, reverse.className) : list.remove(reverse.value);
    if (!changed) return;
    const [removed, added] = how === 'add' ? ['', String(selfId)] : [String(selfId), ''];
    try {
      checkCanChange(actor, other.original, 'see_also', removed, added, {
        parameters,
        isOpen: (status) => catalogue.isOpen(status),
      });
    } catch {
      return;
    }
    const earlier = other.changes.get('see_also');
    const join = (a: string | undefined, b: string) => (a ? (b ? `${a}, ${b}` : a) : b);
    other.changes.delete('see_also');
    other.record(
      'see_also',
      join(earlier?.removed, list.removed.join(', ')),
      join(earlier?.added, list.added.join(', ')),
    );
    setSeeAlsoFields(other.bug, list);
  }

  #setCc(working: WorkingBug, form: AddRemoveSet): void {
    const { bug } = working;
    const cc = [...bug.cc];
    for (const login of texts(form.add)) {
      const user = this.#view.userByLogin(login);
      if (!user) throw writeErrors.noSuchUser(login);
      if (!cc.includes(user.id)) cc.push(user.id);
    }
    for (const login of texts(form.remove)) {
      const user = this.#view.userByLogin(login);
      if (!user) throw writeErrors.noSuchUser(login);
      const at = cc.indexOf(user.id);
      if (at !== -1) cc.splice(at, 1);
    }
    this.#applyCc(working, cc);
  }

  #applyCc(working: WorkingBug, cc: number[]): void {
    const { removed, added } = listDiff(working.bug.cc, cc);
    if (removed.length + added.length === 0) return;
    const logins = (ids: number[]) => ids.map((id) => this.#login(id)).sort();
    working.bug.cc = cc;
    // Several CC changes of one write (a requestee added after `cc`) are one row, as 5.2's update diffs the lists.
    const was = logins(working.original.cc.filter((id) => !cc.includes(id)));
    const now = logins(cc.filter((id) => !working.original.cc.includes(id)));
    working.changes.delete('cc');
    if (was.length + now.length > 0) working.record('cc', was.join(', '), now.join(', '));
  }

  #setAliases(working: WorkingBug): void {
    const raw = this.#command.params.alias;
    const form: AddRemoveSet =
      raw !== null && typeof raw === 'object' && !Array.isArray(raw)
        ? addRemoveSet(raw, 'alias')
        : { set: Array.isArray(raw) ? raw : [raw] };
    const { bug } = working;
    let aliases = [...bug.aliases];
    let add = texts(form.add);
    let remove = texts(form.remove);
    if (form.set) {
      const wanted = texts(form.set).filter((alias) => alias !== '');
      add = wanted.filter((alias) => !aliases.includes(alias));
      remove = aliases.filter((alias) => !wanted.includes(alias));
    }
    for (const alias of add) {
      const text = checkAliasText(alias);
      const owner = this.#view.aliasOwner(text);
      if (owner !== undefined && owner !== bug.id) {
        const other = this.#view.bug(owner);
        const shown = other && canSeeBug(this.#command.actor, other, this.#command.parameters) ? owner : null;
        throw writeErrors.aliasInUse(text, shown);
      }
      if (!aliases.includes(text)) aliases.push(text);
    }
    aliases = aliases.filter((alias) => !remove.includes(alias)).sort();
    const { removed, added } = listDiff(bug.aliases, aliases);
    if (removed.length + added.length === 0) return;
    this.#checkChange(working, 'alias', removed.join(', '), added.join(', '));
    working.record('alias', removed.join(', '), added.join(', '));
    bug.aliases = aliases;
  }

  #setFlags(working: WorkingBug): void {
    const { params, catalogue, actor, parameters, when } = this.#command;
    if (!Array.isArray(params.flags)) throw flagErrors.notAList();
    const requests = params.flags.map((item) =>
      item !== null && typeof item === 'object' ? (item as FlagRequest) : ({} as FlagRequest),
    );
    const plan = planFlags(
      requests,
      { bug: working.bug, flags: working.bug.fields.flags },
      {
        catalogue,
        parameters,
        actor,
        userByLogin: (login) => this.#view.userByLogin(login),
        now: new Date(when * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
    );
    // New flags are numbered by the store (id 0 until then).
    working.bug.fields.flags = plan.flags.map((flag) => ({ ...flag, id: flag.id ?? 0 }));
    if (plan.addCc.length > 0) {
      const cc = [...working.bug.cc];
      for (const id of plan.addCc) if (!cc.includes(id)) cc.push(id);
      this.#applyCc(working, cc);
    }
    if (plan.change) working.record('flagtypes.name', plan.change.removed, plan.change.added);
  }

  finish(): BugWritePlan<{ bugs: BugUpdateResult[] }> {
    const { when, actor, visits } = this.#command;
    const effect: BugWriteEffect = {
      bugs: [],
      history: [],
      comments: this.#comments,
      visits: [],
      commentPrivacy: this.#commentPrivacy,
      attachments: this.#attachments,
    };
    for (const working of this.#working.values()) {
      if (!working.changed) continue;
      working.bug.fields.last_change_time = when;
      effect.bugs.push(working.bug);
      const changes = working.activity();
      if (changes.length > 0) effect.history.push({ bugId: working.id, set: { who: actor.id, when, changes } });
      const visit = visits.get(working.id);
      if (visit) effect.visits.push({ bugId: working.id, setFor: visit.setFor, forget: visit.forget, ts: when });
    }
    const bugs = this.#command.bugIds.map((id) => {
      const working = this.#working.get(id) as WorkingBug;
      return {
        id,
        alias: [...working.bug.aliases],
        last_change_time: working.changed ? when : working.original.fields.last_change_time,
        changes: working.answerChanges(),
      };
    });
    return { effect, result: { bugs } };
  }
}
