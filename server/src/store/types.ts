/** The entities the routes need, as the store holds them in memory. */

export interface InstanceSettings {
  /** null: the profile's own version string. */
  version: string | null;
  /** The tracker the data set asks to behave as; the server's own setting wins. */
  profile?: string | undefined;
  /** Installed and enabled extensions: name -> version. */
  extensions: Record<string, { version: string }>;
  /** Every parameter of the instance, all values strings. `urlbase` may be absent: the server fills it in. */
  parameters: Record<string, string>;
  /** Refuse visits to bugs the user is not involved in (BMO-style); off by default. */
  strictInvolvement: boolean;
  /**
   * Whether old visits are removed (after `last_visit_keep_days`): only when the
   * data set that parameter. Bugzilla itself never prunes unless an
   * administrator runs clean-bug-user-last-visit.pl.
   */
  visitRetention: boolean;
  /** The database clock runs this many seconds ahead of the web clock (to reproduce a skewed instance). */
  dbTimeOffsetSeconds: number;
}

export interface User {
  id: number;
  login: string;
  realName: string;
  groups: readonly string[];
  disabled: boolean;
  disabledText: string | null;
  /** scrypt hash of the password; null: no password login for this user. */
  passwordHash: string | null;
}

export interface LoginToken {
  userId: number;
  /** The token works only from this address (`Bugzilla_restrictlogin`); null: from anywhere. */
  ipAddr: string | null;
  /** Epoch seconds; kept in memory between logins (see Model.useLoginToken). */
  lastUsed: number;
}

export interface ApiKeyRecord {
  /** SHA-256 of the key, hex; the key itself is never stored. */
  sha256: string;
  userId: number;
  revoked: boolean;
}

export interface Bug {
  id: number;
  alias: string | null;
  reporter: number | null;
  assignedTo: number | null;
  qaContact: number | null;
  cc: readonly number[];
  groups: readonly string[];
  reporterAccessible: boolean;
  cclistAccessible: boolean;
}

export interface AuditEvent {
  /** Normalised to the `Bugzilla::` prefix (`Tracker::X` names the same class). */
  className: string;
  objectId: number;
  field: string;
  removed: string;
  added: string;
  /** Epoch seconds. */
  atTime: number;
  user: number | null;
}

export interface VisitRecord {
  bugId: number;
  /** Epoch seconds. */
  lastVisitTs: number;
}
