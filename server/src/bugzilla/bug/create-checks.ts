import { isInsider } from '../access.js';
import { checkCommentLength, commentText } from '../comment/comment-text.js';
import { errors } from '../errors.js';
import { perlTrue } from '../perl-truth.js';
import type { BugFields } from '../types.js';
import { checkAliases } from './create-aliases.js';
import { type CreateCommand, list } from './create-command.js';
import { checkNewCustomFields, checkNewMandatoryFields, NewCustomValues } from './create-custom-fields.js';
import {
  checkNewComponent,
  checkNewMilestone,
  checkNewVersion,
  checkPlainFields,
  initialResolution,
  initialStatus,
} from './create-fields.js';
import { checkNewGroups } from './create-groups.js';
import { newDependencies } from './create-links.js';
import { checkNewAssignee, checkNewCc, checkNewQaContact } from './create-people.js';
import type { BugView } from './effect.js';
import { checkKeywords } from './field-values.js';

/** A new bug's own fields (those a create sets from what was asked, before its links and times). */
export type NewBugValues = Pick<
  BugFields,
  | 'summary'
  | 'status'
  | 'resolution'
  | 'product'
  | 'component'
  | 'version'
  | 'priority'
  | 'severity'
  | 'op_sys'
  | 'platform'
  | 'classification'
  | 'target_milestone'
  | 'url'
  | 'whiteboard'
  | 'keywords'
  | 'is_confirmed'
>;

/**
 * Bug->create's validators, in 5.2's order (Object::_sort_by_dep: the fields without a dependency
 * alphabetically by Bugzilla's names, then the others after what they depend on), so the first
 * refusal is 5.2's.
 */
export function checkNewBug(command: CreateCommand, view: BugView) {
  const { params, catalogue, actor } = command;
  const aliases = checkAliases(view, actor, command.parameters, params.alias);
  const plain = checkPlainFields(command);
  // The custom fields without a visibility field sort among these (cf_… after bug_severity): checked after them all.
  const custom = new NewCustomValues();
  checkNewCustomFields(command, view, 'independent', custom);
  const { product } = plain;
  const component = checkNewComponent(command, product);
  const assignedTo = checkNewAssignee(command, view, component);
  const links = newDependencies(view, command);
  const comment = checkDescription(command);
  const milestone = checkNewMilestone(command, product);
  const status = initialStatus(command, product);
  const cc = checkNewCc(command, view, component);
  checkNewCustomFields(command, view, 'dependent', custom);
  const groups = checkNewGroups(catalogue, product, actor, params.groups);
  const keywords = checkKeywords(catalogue, list(params.keywords).map(String));
  const qaContact = checkNewQaContact(command, view, component);
  const resolution = initialResolution(catalogue, status, params.resolution);
  const version = checkNewVersion(command, product);
  const values: NewBugValues = {
    summary: plain.summary,
    status,
    resolution,
    product: product.name,
    component: component?.name ?? '',
    version,
    priority: plain.priority,
    severity: plain.severity,
    op_sys: plain.opSys,
    platform: plain.platform,
    classification: catalogue.classificationById(product.classificationId)?.name ?? 'Unclassified',
    target_milestone: milestone,
    url: plain.url,
    whiteboard: plain.whiteboard,
    keywords,
    is_confirmed: status !== 'UNCONFIRMED',
  };
  checkNewMandatoryFields(catalogue, custom, {
    product: values.product,
    component: values.component,
    classification: values.classification,
    status: values.status,
    resolution: values.resolution,
    priority: values.priority,
    severity: values.severity,
    op_sys: values.op_sys,
    platform: values.platform,
    custom: custom.values,
  });
  return { aliases, assignedTo, qaContact, cc, groups, links, comment, times: plain.times, values, custom };
}

/** Comment 0: the description (may be empty), private only for insiders. */
function checkDescription(command: CreateCommand): { text: string; isPrivate: boolean } {
  const { params, actor, parameters } = command;
  const text = commentText(params.description);
  const isPrivate = perlTrue(params.comment_is_private);
  if (isPrivate && !isInsider(actor, parameters)) throw errors.notInsider();
  checkCommentLength(text);
  return { text, isPrivate };
}
