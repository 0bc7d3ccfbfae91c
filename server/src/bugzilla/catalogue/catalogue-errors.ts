import { BugzillaError } from '../errors.js';

/*
 * The errors of 5.2's Product, Component, Classification, FlagType, Group, User and field
 * methods, with the codes, messages and HTTP statuses 5.2 answers (its REST status map:
 * 51 404, 106 and 304 401, the rest 400).
 */

const notFound = (code: number, message: string) => new BugzillaError(code, message, { status: 404 });
const unauthorized = (code: number, message: string) => new BugzillaError(code, message, { status: 401 });
const bad = (code: number, message: string) => new BugzillaError(code, message, { status: 400 });

export const catalogueErrors = {
  productTypeInvalid: (type: string) =>
    bad(32000, `The product type '${type}' is invalid. Valid choices are 'accessible', 'selectable', and 'enterable'.`),
  productIdAccessDenied: (id: string | number) =>
    unauthorized(106, `Either the product with the id ${id} does not exist or you don't have access to it.`),
  productAccessDenied: (name: string) =>
    unauthorized(106, `Either the product '${name}' does not exist or you don't have access to it.`),
  authFailure: (group: string, action: string, object: string) =>
    unauthorized(
      304,
      `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to ${action} ${object}.`,
    ),
  groupNotAllowed: (group: string) =>
    unauthorized(
      304,
      `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to add or remove users in that group.`,
    ),
  noSuchUser: (name: string) =>
    notFound(
      51,
      `There is no user named '${name}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`,
    ),
  noSuchUserId: (id: string | number) =>
    notFound(
      51,
      `There is no user with the id '${id}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`,
    ),
  noSuchObject: (what: string, by: 'id' | 'name', value: string | number) =>
    notFound(51, by === 'id' ? `There is no ${what} with the id '${value}'.` : `There is no ${what} named '${value}'.`),
  noSuchComponent: (name: string, product: string) =>
    notFound(51, `There is no component named '${name}' in the '${product}' product.`),
  classificationDisabled: () => bad(900, 'Sorry, classification is not enabled.'),
  noSuchField: (name: string) => notFound(51, `There is no field named '${name}'.`),
  /** Bug.fields `ids` that are not digits (Bugzilla::Object::_load_from_db's detaint_natural). */
  fieldIdNotNumeric: () => bad(52, 'Invalid parameter passed to Bugzilla::Field::_load_from_db: It must be numeric.'),
  fieldUnusable: (name: string) => bad(108, `Can't use "${name}" as a field name.`),
  loggedOutIds: () =>
    unauthorized(
      505,
      'Logged-out users cannot use the "ids" argument to this function to access any user information.',
    ),
  loggedOutMatch: () =>
    unauthorized(
      505,
      'Logged-out users cannot use the "match" argument to this function to access any user information.',
    ),
  invalidGroup: (name: string) => bad(804, `The group you specified, ${name}, is not valid here.`),
  groupViewDenied: () =>
    bad(
      805,
      "In order to view groups, you need to be a member of the 'editusers' or 'creategroups' group, or have bless privileges to at least one group.",
    ),
  /** `code` is 50 for a missing parameter; `function` the method's name. */
  productIdRequired: () =>
    bad(50, 'The function Bug.legal_values requires a product_id argument, and that argument was not set.'),
};

/** The refusals of 5.2's Product, Component, Group and FlagType writes. */
export const catalogueWriteErrors = {
  productNameMissing: () => bad(700, 'You must enter a name for the product.'),
  productNameTooLong: (name: string) =>
    bad(
      701,
      `The name of a product is limited to 64 characters. '${name}' is too long (${[...name].length} characters).`,
    ),
  productNameTaken: (name: string) => bad(702, `The product name '${name}' already exists.`),
  productNameCase: (name: string, existing: string) =>
    bad(702, `The product name '${name}' differs from existing product '${existing}' only in case.`),
  productDescriptionMissing: () => bad(703, 'You must enter a description for this product.'),
  productVersionMissing: () => bad(704, 'You must enter a valid version to create a new product.'),
  milestoneMissing: (milestone: string, product: string) =>
    bad(
      705,
      `You must create the milestone '${milestone}' before it can be made the default milestone for product '${product}'.`,
    ),
  componentTaken: (product: string, name: string) =>
    bad(1200, `The ${product} product already has a component named ${name}.`),
  componentNameMissing: () => bad(32000, 'You must enter a name for the new component.'),
  componentAssigneeMissing: () => bad(32000, 'A default assignee is required for this component.'),
  componentDescriptionMissing: () => bad(32000, 'You must enter a non-blank description for this component.'),
  groupNameMissing: () => bad(800, 'You must enter a name for the group.'),
  groupNameTaken: (name: string) => bad(801, `The group ${name} already exists.`),
  groupDescriptionMissing: () => bad(802, 'You must enter a description for the group.'),
  groupRegexpInvalid: () => bad(803, 'The regular expression you entered is invalid.'),
  flagTypeNameInvalid: (name: string) =>
    bad(1101, `The name ${name} must be 1-50 characters long and must not contain any spaces or commas.`),
  flagTypeTargetInvalid: (target: string) =>
    bad(68000, `The target type was neither bug nor attachment but rather ${target}.`),
  flagTypeNoSortKey: () => bad(67399, "The requested method 'Bugzilla::FlagType::set_sort_key' was not found."),
};
