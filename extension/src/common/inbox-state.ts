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

/** What a changed bug's row shows beside the counts of `BugNews`. */
export interface InboxDetails {
  reasons: Reason[];
  /** Flags requested of the user, as the tracker names them ("needinfo?", "review?"). */
  flags: string[];
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
