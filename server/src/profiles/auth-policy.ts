// Each route names its policy, a profile may name another for an endpoint (Profile.auth), and
// login/authenticate.ts applies the one that holds: all three layers import it from here.

/** How a method treats credentials (Bugzilla 5.2's per-method rules, plus the contract's). */
export type AuthPolicy =
  /** version, timezone, login: login-exempt; credentials are looked at only when `Bugzilla_login` is sent. */
  | 'ignore'
  /** parameters: a bad credential is an error, none is fine even with requirelogin. */
  | 'optional'
  /** extensions, time, last_audit_time: anonymous is fine unless requirelogin is "1". */
  | 'optional-unless-requirelogin'
  /** last visits, whoami (contract): acts for the current user, so one is needed. */
  | 'required';
