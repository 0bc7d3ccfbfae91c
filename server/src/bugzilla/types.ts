import type { CustomValues } from './field/custom-field.js';

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
  /** Whether Bugzilla mails the user about bugs (`profiles.disable_mail`, inverted). */
  emailEnabled: boolean;
  /** The groups the user was given the right to bless (add others to), directly; sorted. */
  blessGroups: readonly string[];
  /**
   * Settings where they differ from the default (`profile_setting`): BMO's `block_reviews` and
   * `block_needinfo` ("on"). Absent: all default.
   */
  settings?: Readonly<Record<string, string>>;
  /** `profiles.last_seen_date` (5.x's and BMO's): the day (epoch seconds of its midnight, UTC) the user was last seen; absent: never. */
  lastSeenDate?: number;
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
  /** Every alias of the bug (5.1+ allow several), sorted, as Bug.get lists them. */
  aliases: readonly string[];
  reporter: number | null;
  assignedTo: number | null;
  qaContact: number | null;
  cc: readonly number[];
  groups: readonly string[];
  reporterAccessible: boolean;
  cclistAccessible: boolean;
  /** What the bug says (summary, status, times...), stored as Bug.get names it. */
  fields: BugFields;
}

/** A flag on a bug, as Bug.get lists it. */
export interface BugFlag {
  id: number;
  name: string;
  type_id: number;
  status: string;
  setter: string;
  requestee?: string;
  creation_date: string;
  modification_date: string;
}

/**
 * The descriptive fields of a bug, snake_case as in Bug.get and the data file,
 * so they pass through unchanged. Times are epoch seconds.
 */
export interface BugFields {
  summary: string;
  status: string;
  resolution: string;
  product: string;
  component: string;
  version: string;
  priority: string;
  severity: string;
  op_sys: string;
  platform: string;
  classification: string;
  target_milestone: string;
  url: string;
  whiteboard: string;
  keywords: string[];
  see_also: string[];
  /** 5.2's class of each See Also value (bug_see_also.class, Bugzilla::BugUrl::…), by value, where known. */
  see_also_class?: Record<string, string>;
  blocks: number[];
  depends_on: number[];
  dupe_of: number | null;
  is_confirmed: boolean;
  flags: BugFlag[];
  creation_time: number;
  last_change_time: number;
  /** BMO's bug type (`bugs.bug_type`: defect, enhancement, task); absent: BMO's default, defect. */
  bug_type?: string;
  /** BMO's RestrictComments: only `restrict_comments_group` may change the bug or react to its comments. */
  restrict_comments?: boolean;
  /** BMO's mentors (`bug_mentors`), by user id, in the order given. */
  mentors?: number[];
  /** BMO's regressions (`regressions` table): the bugs that caused this one, and those it caused. */
  regressed_by?: number[];
  regresses?: number[];
  /** BMO's `bugs.filed_via`: how it was filed (`standard_form`, `api`, …); absent: BMO's default, `unknown`. */
  filed_via?: string;
  /** Time tracking (absent: none yet): `YYYY-MM-DD`, and hours. */
  deadline?: string | null;
  estimated_time?: number;
  remaining_time?: number;
  actual_time?: number;
  /**
   * Its custom fields' values (bugzilla/field/custom-values.ts), by field name; a field at its
   * default is left out, and so is the whole record when every one is.
   */
  custom?: CustomValues;
}

/** A comment; `id` is global across bugs, as Bugzilla's are. */
export interface Comment {
  id: number;
  bugId: number;
  author: number;
  /** Epoch seconds. */
  time: number;
  text: string;
  isPrivate: boolean;
  /** Bugzilla's comment type where it is not 0 (attachments: see bugzilla/attachment/attachment.ts). */
  type?: number;
  /** What the type refers to: the attachment's id for an attachment's comment. */
  extraData?: string;
  /** Its tags (Bug.update_comment_tags), sorted as 5.2 lists them; absent when it has none. */
  tags?: readonly string[];
  /** BMO's reactions to it, in the order made (`longdescs_reactions`); absent when it has none. */
  reactions?: readonly CommentReaction[];
}

/** One user's reaction to a comment (`+1`, `heart`, …: bugzilla/comment/bmo-reactions.ts). */
export interface CommentReaction {
  userId: number;
  reaction: string;
}

/** One row of a change set. `comment_id` names the comment a `longdescs.isprivate` change is about. */
export interface FieldChange {
  field_name: string;
  removed: string;
  added: string;
  comment_id?: number;
  /** The attachment a change is about (`attachments.*` fields, an attachment's flags). */
  attachment_id?: number;
}

/** The fields one user changed at one moment. */
export interface ChangeSet {
  who: number;
  /** Epoch seconds. */
  when: number;
  changes: FieldChange[];
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
