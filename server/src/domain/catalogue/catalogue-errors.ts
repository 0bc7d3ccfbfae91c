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
