/** Why a bug is in the inbox: the user opened it, or the tracker names them on it. */
export type Reason = 'visited' | 'assignee' | 'reporter' | 'cc' | 'qa' | 'flag';

export const REASON_LABELS: Record<Reason, string> = {
  visited: 'visited',
  assignee: 'assignee',
  reporter: 'reporter',
  cc: 'CC',
  qa: 'QA',
  flag: 'flag requested',
};

/** One field's change since the visit, as the row says it ("Priority Low → Highest"). */
export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

/** A flag asking someone (`flag?`), as Bugzilla keeps it on a bug or an attachment. */
export interface FlagRequest {
  /** The flag's id, to answer it (on the attachment when `attachment` is given). */
  id: number;
  /** The flag type's name: "review", "needinfo", "feedback". */
  flag: string;
  /** Who asked (the flag's setter). */
  from: string;
  /** Whom it asks; null when it asks anyone. */
  of: string | null;
  /** When it was asked (the flag's last change). */
  at: number;
  /** The attachment the flag is on (a patch to review), or null for the bug's own flag. */
  attachment: { id: number; name: string } | null;
}

/** A flag others changed since the visit: asked of someone, granted (+), denied (−) or taken away. */
export interface FlagChange {
  flag: string;
  status: '?' | '+' | '-' | 'X';
  by: string;
  /** Whom a request asks; null for the other changes, or a request of anyone. */
  of: string | null;
}

/** An attachment others added since the visit. */
export interface NewAttachment {
  id: number;
  name: string;
  description: string;
  isPatch: boolean;
  /** Its MIME type ("text/plain", "image/png"). */
  contentType: string;
  by: string;
}

/** The bug became the user's since the last look: assigned to them, or made its QA contact, or filed so. */
export interface BecameYours {
  role: 'assignee' | 'qa';
  by: string;
  at: number;
  /** The bug itself is new: filed since the last look, with the user in that role. */
  filed: boolean;
}

/** What a changed bug's row shows beside the counts of `BugNews`. */
export interface InboxDetails {
  reasons: Reason[];
  /** Flags requested of the user, as the tracker names them ("needinfo?", "review?"). */
  flags: string[];
  /** The requests of the user still waiting, oldest first (absent in news kept by older versions). */
  requests?: FlagRequest[];
  /** The bug became the user's since the last look. */
  becameYours?: BecameYours | null;
  /** How many new comments by others name the user (their login, or `:name` as bugzilla.mozilla.org writes it). */
  mentions?: number;
  flagChanges?: FlagChange[];
  newAttachments?: NewAttachment[];
  /** Who the bug is assigned to now and whether the user is in its CC, for the actions (take, CC). */
  assignee?: string | null;
  inCc?: boolean;
  product: string | null;
  component: string | null;
  status: string | null;
  /** The latest value of each field changed since the visit (oldest "from", newest "to"). */
  changes: FieldChange[];
  /** The opening words of the first new comment by someone else. */
  firstComment: string | null;
  /** The bug's last change on the tracker. */
  lastChangeAt: number;
}
