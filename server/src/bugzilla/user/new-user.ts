/** A user that cannot be added (no login, the login taken), or a new key asked for a login no user has; nothing changed. */
export class NewUserError extends Error {
  override readonly name = 'NewUserError';

  /** The login a new user gets: as given, trimmed; refused when nothing is left. */
  static checkedLogin(login: string): string {
    const trimmed = login.trim();
    if (trimmed === '') throw new NewUserError('a user needs a login');
    return trimmed;
  }

  /** A login another user has in any letter case (logins are unique without regard to it, as Bugzilla's are). */
  static taken(login: string): NewUserError {
    return new NewUserError(`user ${login} already exists`);
  }

  /** `user key LOGIN` for a login no user has. */
  static keyForNoUser(login: string): NewUserError {
    return new NewUserError(`no user ${login.trim()}`);
  }
}
