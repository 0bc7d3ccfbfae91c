import { BugzillaError } from '../errors.js';
import type { User } from '../types.js';
import { WrongShapeError } from '../wrong-shape.js';

/** How 5.2 names a user in a message (`Bugzilla::User->identity`): "Real Name <login>", or the login alone. */
export function identity(user: User): string {
  return user.realName ? `${user.realName} <${user.login}>` : user.login;
}

/** The refusals of flag changes, with 5.2's codes and texts (Bugzilla/Flag.pm, WebService/Util.pm extract_flags). */
export const flagErrors = {
  noSuchFlag: (id: unknown) => new BugzillaError(51, `There is no flag with the id '${String(id)}'.`, { status: 404 }),
  noSuchFlagTypeId: (id: unknown) =>
    new BugzillaError(51, `There is no flagtype with the id '${String(id)}'.`, { status: 404 }),
  noSuchFlagTypeName: (name: unknown) =>
    new BugzillaError(51, `There is no flagtype named '${String(name)}'.`, { status: 404 }),
  noSuchUser: (login: string) =>
    new BugzillaError(
      51,
      `There is no user named '${login}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`,
      { status: 404 },
    ),
  idOrTypeRequired: () =>
    new BugzillaError(
      50,
      'The function Bugzilla::Flag->set_flag requires a id/type_id argument, and that argument was not set.',
    ),
  /** `id`: the existing flag's (a new flag has none yet, and the message leaves it out). */
  statusInvalid: (status: string, id: number | undefined) =>
    new BugzillaError(
      129,
      `The flag status ${status}${status === '' ? '' : ' '}${id ? `for flag ID #${id} ` : ''}is invalid.`,
    ),
  updateDenied: (name: string, status: string, oldStatus: string) => {
    const verb = status === '+' ? 'grant' : status === '-' ? 'deny' : status === 'X' ? 'clear' : 'request';
    return new BugzillaError(
      130,
      `You tried to ${verb} ${name}${status === 'X' ? oldStatus : ''}. Only a user with the required permissions may make this change.`,
    );
  },
  requesteeDisabledForType: (name: string) => new BugzillaError(131, `You can't ask a specific person for ${name}.`),
  notUnique: (value: unknown) =>
    new BugzillaError(
      132,
      `The flag '${String(value)}' has been set multiple times. You must specify the id value to update the flag.`,
    ),
  typeNotUnique: (value: string) =>
    new BugzillaError(
      133,
      `The flag type '${value}' matches several flag types. You must specify the type id value to update or add a flag.`,
    ),
  typeInactive: (name: string) =>
    new BugzillaError(134, `The flag type ${name} is inactive and cannot be used to create new flags.`),
  notMultiplicable: (name: string, onAttachment: boolean) =>
    new BugzillaError(32000, `You cannot have several ${name} flags for this ${onAttachment ? 'attachment' : 'bug'}.`),
  requesteeAccountDisabled: (requestee: User) =>
    new BugzillaError(32000, `You can't ask ${identity(requestee)} because that account is disabled.`),
  requesteeCannotSeeBug: (requestee: User, typeName: string, bugId: number, attachmentId: number | undefined) =>
    new BugzillaError(
      32000,
      `You asked ${identity(requestee)} for ${typeName} on bug ${bugId}${attachmentId ? `, attachment ${attachmentId}` : ''}, but that bug has been restricted to users in certain groups, and the user you asked isn't in all the groups to which the bug has been restricted. Please choose someone else to ask, or make the bug accessible to users on its CC: list and add that user to the list.`,
    ),
  requesteeCannotSeeAttachment: (requestee: User, typeName: string, bugId: number, attachmentId: number) =>
    new BugzillaError(
      32000,
      `You asked ${identity(requestee)} for ${typeName} on bug ${bugId}, attachment ${attachmentId}, but that attachment is restricted to users in the insider group, and the user you asked isn't in that group. Please choose someone else to ask.`,
    ),
  requesteeNeedsPrivileges: (requestee: User, typeName: string, grantGroup: string) =>
    new BugzillaError(
      32000,
      `${identity(requestee)} does not have permission to set the ${typeName} flag. Please select a user who is a member of the ${grantGroup} group.`,
    ),
  /** `flags` that is not a list: 5.2 dies in WebService/Util.pm (HTTP 200, 100500). */
  notAList: () =>
    new WrongShapeError('Not an ARRAY reference at Bugzilla/WebService/Util.pm line 49.\n', 'flags', 'a list of flags'),
};
