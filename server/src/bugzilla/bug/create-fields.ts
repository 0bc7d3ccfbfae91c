import { isTimeTracker } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Component, Product } from '../catalogue/types.js';
import { checkCanEnterProduct } from '../product/product-entry.js';
import { canConfirm, canEditBugs } from './can-change.js';
import type { CreateCommand } from './create-command.js';
import {
  checkComponent,
  checkMilestone,
  checkResolution,
  checkSelectValue,
  checkStatus,
  checkSummary,
  checkVersion,
  SELECT_FIELDS,
  scalarText,
} from './field-values.js';
import { checkDeadline, checkHours } from './time-tracking.js';
import { writeErrors } from './write-errors.js';

const required = writeErrors.required;

/** A select field's value, where an empty one is object_not_specified (50, the field's class as 5.2 names it). */
function checkRequiredValue(catalogue: Catalogue, name: keyof typeof SELECT_FIELDS, value: string): string {
  if (value === '') throw required(SELECT_FIELDS[name].kind);
  return checkSelectValue(catalogue, name, value);
}

/** A field Bug->create defaults where it is not given (undefined: absent or null), else checks as given. */
function givenOr(params: Readonly<Record<string, unknown>>, name: string, fallback: string | undefined): string {
  const value = params[name];
  return value === undefined || value === null ? (fallback ?? '') : (scalarText(value) ?? '');
}

/**
 * The fields 5.2 validates without a dependency, in its order (Object::_sort_by_dep: alphabetically by
 * Bugzilla's names): URL, severity, deadline, estimate, OS, priority, product, hours left, hardware,
 * summary, whiteboard. Time tracking is for time trackers only; others' is dropped, as 5.2 does.
 */
export function checkPlainFields(command: CreateCommand) {
  const { params, catalogue, actor, parameters } = command;
  const url = scalarText(params.url) ?? '';
  const severity = checkRequiredValue(catalogue, 'severity', givenOr(params, 'severity', parameters.defaultseverity));
  const timeTracker = isTimeTracker(actor, parameters);
  const deadline = timeTracker ? checkDeadline(params.deadline) : null;
  const estimate = timeTracker ? checkHours('estimated_time', params.estimated_time).hours : 0;
  const opSys = checkRequiredValue(catalogue, 'op_sys', givenOr(params, 'op_sys', parameters.defaultopsys));
  const defaultPriority = parameters.defaultpriority ?? '---';
  const priority = checkRequiredValue(
    catalogue,
    'priority',
    parameters.letsubmitterchoosepriority === '0' ? defaultPriority : givenOr(params, 'priority', defaultPriority),
  );
  const product = checkCanEnterProduct(
    catalogue,
    scalarText(params.product) ?? '',
    actor,
    parameters.or_groups === '1',
  );
  if (timeTracker) checkHours('remaining_time', params.remaining_time);
  const platform = checkRequiredValue(catalogue, 'platform', givenOr(params, 'platform', parameters.defaultplatform));
  const summary = checkSummary(params.summary);
  return {
    product,
    // On entry the default `http://` is no URL (Bug::_check_bug_file_loc).
    url: url === 'http://' ? '' : url,
    severity,
    opSys,
    priority,
    platform,
    summary,
    whiteboard: scalarText(params.whiteboard) ?? '',
    // 5.2 files what is left as the estimate, whatever remaining_time says (run_create_validators).
    times: { estimated_time: estimate, remaining_time: estimate, deadline },
  };
}

/** 5.2's `_check_component` for a new bug: required (105), of the product. */
export function checkNewComponent(command: CreateCommand, product: Product): Component | undefined {
  const { catalogue, params } = command;
  const name = scalarText(params.component) ?? '';
  if (name === '') throw writeErrors.requireComponent();
  return catalogue.component(product, checkComponent(catalogue, product, name));
}

/** 5.2's `_check_target_milestone` on entry: the product's default unless the submitter may choose one. */
export function checkNewMilestone(command: CreateCommand, product: Product): string {
  const { params, catalogue, actor, parameters } = command;
  const name = scalarText(params.target_milestone);
  return name && (canEditBugs(actor) || parameters.letsubmitterchoosemilestone !== '0')
    ? checkMilestone(catalogue, product, name)
    : product.defaultMilestone;
}

/** 5.2's `_check_version` for a new bug: required (50), of the product, active. */
export function checkNewVersion(command: CreateCommand, product: Product): string {
  const name = scalarText(command.params.version) ?? '';
  if (name === '') throw required('version');
  return checkVersion(command.catalogue, product, name);
}

/** 5.2's `_check_bug_status` for a new bug: an initial state; who cannot confirm files UNCONFIRMED where the product has it. */
export function initialStatus(command: CreateCommand, product: Product): string {
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

export function initialResolution(catalogue: Catalogue, status: string, given: unknown): string {
  const text = scalarText(given) ?? '';
  if (text === '') return '';
  const resolution = checkResolution(catalogue, text);
  if (catalogue.isOpen(status)) throw writeErrors.resolutionNotAllowed();
  return resolution;
}
