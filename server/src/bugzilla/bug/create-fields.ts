import type { Catalogue } from '../catalogue/catalogue.js';
import type { Product } from '../catalogue/types.js';
import { BugzillaError } from '../errors.js';
import { canConfirm, canEditBugs } from './can-change.js';
import { type CreateCommand, list } from './create-command.js';
import {
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
import { writeErrors } from './write-errors.js';

const required = (what: string) => new BugzillaError(50, `You must select/enter a ${what}.`);

/** The bug's own fields, each checked, in 5.2's order (OS and hardware first: their defaults are empty). */
export function checkFields(command: CreateCommand) {
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
