import { BugzillaError } from '../errors.js';
import { WrongShapeError } from '../wrong-shape.js';

/** Bugzilla's field descriptions (template field_descs), as its messages name fields. */
const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  alias: 'Alias',
  assigned_to: 'Assignee',
  blocked: 'Blocks',
  bug_file_loc: 'URL',
  bug_group: 'Group',
  bug_severity: 'Severity',
  bug_status: 'Status',
  cc: 'CC',
  cclist_accessible: 'CC list accessible',
  component: 'Component',
  deadline: 'Deadline',
  dependson: 'Depends on',
  estimated_time: 'Orig. Est.',
  everconfirmed: 'Ever confirmed',
  keywords: 'Keywords',
  op_sys: 'OS',
  priority: 'Priority',
  product: 'Product',
  qa_contact: 'QA Contact',
  remaining_time: 'Hours Left',
  rep_platform: 'Hardware',
  reporter_accessible: 'Reporter accessible',
  resolution: 'Resolution',
  see_also: 'See Also',
  short_desc: 'Summary',
  status_whiteboard: 'Whiteboard',
  target_milestone: 'Target Milestone',
  version: 'Version',
  work_time: 'Hours Worked',
};

/** Who may make a change a user was refused (Bugzilla::Constants PRIVILEGES_REQUIRED_*). */
export type PrivilegesRequired = 'reporter' | 'assignee' | 'empowered';

/** The refusals of Bug.create and Bug.update, with 5.2's codes, HTTP statuses and texts. */
export const writeErrors = {
  illegalChange: (field: string, oldValue: string, newValue: string, privs: PrivilegesRequired) => {
    const who =
      privs === 'empowered'
        ? ''
        : privs === 'assignee'
          ? 'the assignee of the bug, or '
          : 'the assignee or reporter of the bug, or ';
    // The template's white space: "field from X to Y," and, with neither, "field ,".
    const from = oldValue === '' ? '' : ` from ${oldValue}`;
    const to = newValue === '' ? '' : ` to ${newValue}`;
    const values = from === '' && to === '' ? ' ' : `${from}${to}`;
    return new BugzillaError(
      115,
      `You tried to change the ${FIELD_DESCRIPTIONS[field] ?? field} field${values}, but only ${who}a user with the required permissions may change that field.`,
      { status: 401 },
    );
  },
  /** A select field's value that does not exist: `class` as 5.2 names it (Priority, Severity, OS, Hardware, status, Resolution). */
  noSuchValue: (kind: string, value: string) =>
    new BugzillaError(51, `There is no ${kind} named '${value}'.`, { status: 404 }),
  noSuchInProduct: (kind: string, value: string, product: string) =>
    new BugzillaError(51, `There is no ${kind} named '${value}' in the '${product}' product.`, { status: 404 }),
  noSuchKeyword: (name: string) =>
    new BugzillaError(51, `There is no keyword named '${name}'. See the list of available keywords.`, { status: 404 }),
  /** 5.2's object_not_specified: an empty value of a field that must have one (its class as 5.2 names it). */
  required: (what: string) => new BugzillaError(50, `You must select/enter a ${what}.`),
  requireComponent: () =>
    new BugzillaError(105, 'To file this bug, you must first choose a component. If necessary, just guess.'),
  reassignToEmpty: () => new BugzillaError(50, 'To reassign a bug, you must provide an address for the new assignee.'),
  /** 5.2's undefined_field (a code error): a parameter that must have a value was given none. */
  undefinedField: (field: string) => new BugzillaError(50, `Form field ${field} was not defined.`),
  requireSummary: () => new BugzillaError(107, 'You must enter a summary for this bug.'),
  summaryTooLong: (length: number) =>
    new BugzillaError(
      104,
      `The text you entered in the Summary field is too long (${length} characters, above the maximum length allowed of 255 characters).`,
    ),
  illegalTransition: (from: string | null, to: string) =>
    new BugzillaError(
      123,
      from === null
        ? `You are not allowed to file new bugs with the ${to} status.`
        : `You are not allowed to change the bug status from ${from} to ${to}.`,
    ),
  missingResolution: (status: string) =>
    new BugzillaError(121, `A valid resolution is required to mark bugs as ${status.toUpperCase()}.`),
  resolutionNotAllowed: () => new BugzillaError(122, 'You cannot set a resolution for open bugs.'),
  dupeIdRequired: () => new BugzillaError(119, 'You must specify a bug id to mark this bug as a duplicate of.'),
  dupeOfItself: (id: number) => new BugzillaError(118, `You cannot mark bug ${id} as a duplicate of itself.`),
  dupeLoop: (id: number, dupeOf: number) =>
    new BugzillaError(118, `Making bug ${id} a duplicate of bug ${dupeOf} would create a duplicate loop!`),
  dependencyLoopSingle: () => new BugzillaError(116, "You can't make a bug block itself or depend on itself."),
  dependencyLoopMulti: (ids: readonly number[]) =>
    new BugzillaError(
      116,
      `The following bug(s) would appear on both the "depends on" and "blocks" parts of the dependency tree if these changes are committed: ${ids.join(' ')}. This would create a circular dependency, which is not allowed.`,
    ),
  groupRestrictionNotAllowed: (bugId: number | null, name: string, product: string) =>
    new BugzillaError(
      120,
      `You tried to restrict ${bugId === null ? 'a bug' : `bug ${bugId}`} to the '${name}' group, but either this group does not exist, or you are not allowed to restrict bugs to this group in the '${product}' product.`,
      { status: 401 },
    ),
  groupInvalidRemoval: (bugId: number, name: string, product: string) =>
    new BugzillaError(
      120,
      `You tried to remove bug ${bugId} from the '${name}' group, but either this group does not exist, or you are not allowed to remove bugs from this group in the '${product}' product.`,
      { status: 401 },
    ),
  aliasInUse: (alias: string, ownerShown: number | null) =>
    new BugzillaError(
      103,
      `${ownerShown === null ? 'Another bug' : `Bug ${ownerShown}`} has already taken the alias ${alias}. Please choose another alias.`,
    ),
  aliasIsNumeric: (alias: string) =>
    new BugzillaError(
      103,
      `You tried to give this bug the alias ${alias}, but aliases cannot be merely numbers, since they could then be confused with bug IDs. Please choose an alias containing at least one letter.`,
    ),
  aliasHasCommaOrSpace: (alias: string) =>
    new BugzillaError(
      103,
      `The alias you entered, ${alias}, contains one or more commas or spaces. Aliases cannot contain commas or spaces because those characters are used to separate aliases from each other in lists. Please choose an alias that does not contain commas and spaces.`,
    ),
  aliasTooLong: () =>
    new BugzillaError(103, 'Bug aliases cannot be longer than 40 characters. Please choose a shorter alias.'),
  multipleAliasNotAllowed: () =>
    new BugzillaError(
      103,
      'You cannot set aliases when modifying multiple bugs. Set the alias field only when editing a single bug.',
    ),
  seeAlsoSelf: () => new BugzillaError(112, 'You cannot put this bug into its own See Also field.'),
  noSuchUser: (login: string) =>
    new BugzillaError(
      51,
      `There is no user named '${login}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`,
      { status: 404 },
    ),
  invalidUsername: (login: string) =>
    new BugzillaError(
      504,
      `The name ${login} is not a valid username. Either you misspelled it, or the person has not registered for a Bugzilla account.`,
      { status: 401 },
    ),
  /** 5.2 has no WebService code for it: an unmapped user error, 32000. */
  ccRemoveDenied: () => new BugzillaError(32000, 'You do not have permission to remove other people from the CC list.'),
  commentRequiredFor: (field: string, from: string, to: string) =>
    new BugzillaError(
      32000,
      `You have to specify a comment when changing the ${FIELD_DESCRIPTIONS[field] ?? field} of a bug from ${from === '' ? '(empty)' : from} to ${to === '' ? '(empty)' : to}.`,
    ),
  /** Perl dies on a value of the wrong shape (HTTP 200, 100500); the text names where, as 5.2's does. */
  wrongShape: (message: string, param: string, expected: string) => new WrongShapeError(message, param, expected),
};
