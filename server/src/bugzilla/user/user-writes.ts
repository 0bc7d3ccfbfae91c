import type { Catalogue } from '../catalogue/catalogue.js';
import { catalogueErrors } from '../catalogue/catalogue-errors.js';
import { BugzillaError } from '../errors.js';
import type { User } from '../types.js';

/*
 * User.create and User.update as 5.2 checks and reports them. Users stay the store's user
 * records; these plans say what to write.
 */

export const userWriteErrors = {
  loginTaken: (login: string) => new BugzillaError(500, `There is already an account with the login name ${login}.`),
  illegalEmail: (email: string) =>
    new BugzillaError(
      501,
      `The e-mail address you entered (${email}) didn't pass our syntax checking for a legal email address. A legal address must contain exactly one '@', and at least one '.' after the @. It also must not contain any illegal characters.`,
    ),
  notEditUsers: () =>
    new BugzillaError(
      304,
      "Sorry, you aren't a member of the 'editusers' group, and so you are not authorized to add new users.",
      { status: 401 },
    ),
  groupNotEditable: (group: string) =>
    new BugzillaError(
      304,
      `Sorry, you aren't a member of the '${group}' group, and you don't have permissions to add or remove people from a group, and so you are not authorized to add, modify or delete users.`,
      { status: 401 },
    ),
};

/** 5.2's default `emailregexp` (Bugzilla/Config/Auth.pm). */
const DEFAULT_EMAIL_REGEXP = "^[\\w\\.\\+\\-=']+@[\\w\\.\\-]+\\.[\\w\\-]+$";

const compiledEmailRegexps = new Map<string, RegExp | null>();

function compiled(source: string, flags: string): RegExp | null {
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/** The tracker's `emailregexp` (an admin's: one that does not compile matches nothing, as a Perl die refuses). */
function emailRegexp(source: string): RegExp | null {
  let regexp = compiledEmailRegexps.get(source);
  if (regexp === undefined) {
    regexp = compiled(source, 'u') ?? compiled(source, '');
    if (compiledEmailRegexps.size > 100) compiledEmailRegexps.clear();
    compiledEmailRegexps.set(source, regexp);
  }
  return regexp;
}

/**
 * 5.2's validate_email_syntax (Util.pm): the address matches the tracker's `emailregexp`, is one bare
 * address (one `@`, a `.` after it, no space or control character), US-ASCII only, at most 127
 * characters with `emailsuffix`; else 501. A self-registration (`createemailregexp` given) must also
 * match that.
 */
export function checkedEmail(
  email: string,
  parameters: { emailregexp?: string | undefined; emailsuffix?: string | undefined },
  createEmailRegexp?: string,
): string {
  const trimmed = email.trim();
  const full = `${trimmed}${parameters.emailsuffix ?? ''}`;
  const legal =
    (emailRegexp(parameters.emailregexp ?? DEFAULT_EMAIL_REGEXP)?.test(trimmed) ?? false) &&
    /^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+\.[^@\s\p{Cc}]+$/u.test(full) &&
    !/[^\p{ASCII}]/u.test(full) &&
    full.length <= 127;
  if (!legal) throw userWriteErrors.illegalEmail(trimmed);
  if (createEmailRegexp !== undefined && !(emailRegexp(createEmailRegexp)?.test(trimmed) ?? true)) {
    throw userWriteErrors.illegalEmail(trimmed);
  }
  return trimmed;
}

/** `{add, remove, set}` of group names. */
export interface GroupEdit {
  add: readonly string[];
  remove: readonly string[];
  set: readonly string[] | undefined;
}

/** User.update's changes (absent members are undefined); the password is already hashed. */
export interface UserChanges {
  fullName: string | undefined;
  email: string | undefined;
  passwordHash: string | undefined;
  loginDeniedText: string | undefined;
  emailEnabled: boolean | undefined;
  groups: GroupEdit | undefined;
  blessGroups: GroupEdit | undefined;
}

type Changes = Record<string, { added: string; removed: string }>;

/** The user with the changes made, and 5.2's report of them (`changes`, with Bugzilla's own names). */
export function changedUser(user: User, changes: UserChanges, catalogue: Catalogue): { user: User; changes: Changes } {
  const result: Changes = {};
  const next: User = {
    id: user.id,
    login: user.login,
    realName: user.realName,
    groups: user.groups,
    disabled: user.disabled,
    disabledText: user.disabledText,
    passwordHash: user.passwordHash,
    emailEnabled: user.emailEnabled,
    blessGroups: user.blessGroups,
  };
  // User.update changes no setting (BMO's block_reviews and block_needinfo are the user's own to set).
  if (user.settings) next.settings = user.settings;
  if (user.lastSeenDate !== undefined) next.lastSeenDate = user.lastSeenDate;
  if (changes.fullName !== undefined && changes.fullName !== user.realName) {
    result.full_name = { removed: user.realName, added: changes.fullName };
    next.realName = changes.fullName;
  }
  if (changes.email !== undefined) {
    // Checked by the caller against the tracker's parameters (checkedEmail).
    const email = changes.email.trim();
    if (email !== user.login) result.email = { removed: user.login, added: email };
    next.login = email;
  }
  if (changes.passwordHash !== undefined) {
    result.cryptpassword = { removed: '', added: 'hashed_with_SHA-256' };
    next.passwordHash = changes.passwordHash;
  }
  if (changes.loginDeniedText !== undefined) {
    const before = user.disabledText ?? '';
    if (before !== changes.loginDeniedText)
      result.login_denied_text = { removed: before, added: changes.loginDeniedText };
    const disabled = changes.loginDeniedText !== '';
    if (disabled !== user.disabled)
      result.is_enabled = { removed: user.disabled ? '0' : '1', added: disabled ? '0' : '1' };
    next.disabled = disabled;
    next.disabledText = disabled ? changes.loginDeniedText : null;
  }
  if (changes.emailEnabled !== undefined && changes.emailEnabled !== user.emailEnabled) {
    // 5.2 reports its own column, disable_mail, which is the inverse.
    result.disable_mail = { removed: user.emailEnabled ? '0' : '1', added: changes.emailEnabled ? '0' : '1' };
    next.emailEnabled = changes.emailEnabled;
  }
  // 5.2 checks every name of both edits before it changes anything.
  for (const edit of [changes.groups, changes.blessGroups]) {
    for (const name of edit ? [...edit.add, ...edit.remove, ...(edit.set ?? [])] : []) {
      if (!catalogue.group(name)) throw userWriteErrors.groupNotEditable(name);
    }
  }
  if (changes.groups) {
    const edited = editedGroups(user.groups, changes.groups, catalogue);
    if (edited.change) result.groups = edited.change;
    next.groups = edited.groups;
  }
  if (changes.blessGroups) {
    const edited = editedGroups(user.blessGroups, changes.blessGroups, catalogue);
    if (edited.change) result.bless_groups = edited.change;
    next.blessGroups = edited.groups;
  }
  return { user: next, changes: result };
}

/**
 * A user's direct grants of one kind after an `{add, remove, set}` edit, as 5.2's _set_groups makes it:
 * `set` alone when given, else the removals and then the additions; the change lists the removed in the
 * old order and the added in the new one (comma-joined). The caller may bless every group (editusers).
 */
function editedGroups(
  current: readonly string[],
  edit: GroupEdit,
  catalogue: Catalogue,
): { groups: string[]; change: { added: string; removed: string } | undefined } {
  const canonical = (name: string) => catalogue.group(name)?.name ?? name;
  let wanted: string[];
  if (edit.set) {
    wanted = [...new Set(edit.set.map(canonical))];
  } else {
    const removed = new Set(edit.remove.map(canonical));
    wanted = current.filter((group) => !removed.has(group));
    for (const name of edit.add.map(canonical)) if (!wanted.includes(name)) wanted.push(name);
  }
  const added = wanted.filter((group) => !current.includes(group));
  const gone = current.filter((group) => !wanted.includes(group));
  const change = added.length > 0 || gone.length > 0 ? { added: added.join(','), removed: gone.join(',') } : undefined;
  return { groups: wanted.sort(), change };
}

/** The users `ids` and `names` name: an unknown one refuses the request (51). */
export function usersNamed(
  all: ReadonlyMap<string, User | undefined>,
  ids: readonly string[],
  names: readonly string[],
): User[] {
  const found: User[] = [];
  for (const id of ids) {
    const user = all.get(`id:${id}`);
    if (!user) throw catalogueErrors.noSuchUserId(id);
    if (!found.some((u) => u.id === user.id)) found.push(user);
  }
  for (const name of names) {
    const user = all.get(`name:${name.toLowerCase()}`);
    if (!user) throw catalogueErrors.noSuchUser(name);
    if (!found.some((u) => u.id === user.id)) found.push(user);
  }
  return found;
}
