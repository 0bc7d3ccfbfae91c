import type { BugFlag } from '../types.js';

/**
 * One row of BMO's `flag_activity` (Bugzilla/FlagActivity.pm; `flag_state_activity` before BMO
 * bug 1806896 renamed it): a flag set, changed or cleared (`X`), with who set it and of whom it asks.
 */
export interface FlagActivity {
  id: number;
  /** Epoch seconds (`flag_when`). */
  when: number;
  typeId: number;
  flagId: number;
  setterId: number;
  requesteeId: number | null;
  bugId: number;
  attachmentId: number | null;
  status: string;
}

/** A row before its store numbers it. */
export type NewFlagActivity = Omit<FlagActivity, 'id'>;

/**
 * What Review.flag_activity matches on (extensions/Review/lib/WebService.pm flag_activity): each
 * given criterion must hold; `from`/`to` bound `flag_when` (epoch seconds, both inclusive); rows by
 * id, `offset` skipped, at most `limit`.
 */
export interface FlagActivityCriteria {
  flagIds?: readonly number[];
  typeIds?: readonly number[];
  setterId?: number;
  requesteeId?: number;
  bugId?: number;
  status?: string;
  from: number;
  to: number;
  limit: number;
  offset: number;
}

/** Whether a row meets the criteria (every store's read filters so; the SQL ones in their WHERE). */
export function meetsFlagActivityCriteria(row: FlagActivity, criteria: FlagActivityCriteria): boolean {
  return (
    (criteria.flagIds === undefined || criteria.flagIds.includes(row.flagId)) &&
    (criteria.typeIds === undefined || criteria.typeIds.includes(row.typeId)) &&
    (criteria.setterId === undefined || row.setterId === criteria.setterId) &&
    (criteria.requesteeId === undefined || row.requesteeId === criteria.requesteeId) &&
    (criteria.bugId === undefined || row.bugId === criteria.bugId) &&
    (criteria.status === undefined || row.status === criteria.status) &&
    row.when >= criteria.from &&
    row.when <= criteria.to
  );
}

/** What a write did to one bug's or attachment's flags, and what the rows need to know of it. */
export interface FlagTargetChange {
  bugId: number;
  attachmentId: number | null;
  /** The flags before (none for a new bug or attachment) and after, the new ones numbered already. */
  before: readonly BugFlag[];
  after: readonly BugFlag[];
  /** Epoch seconds of the write. */
  when: number;
  /** Who made the write, when the write says (its change set); a cleared flag falls back to its setter. */
  changerId: number | undefined;
  /** A user's id by login (any letter case), for the setter and the requestee. */
  userId(login: string): number | undefined;
}

const changed = (a: BugFlag, b: BugFlag) =>
  a.status !== b.status || a.type_id !== b.type_id || a.setter !== b.setter || a.requestee !== b.requestee;

/** Whether a write changed any of a target's flags (one that did not records no row). */
export function flagsChanged(before: readonly BugFlag[], after: readonly BugFlag[]): boolean {
  if (before.length !== after.length) return true;
  // Most writes touch a bug with no flags: nothing to compare, nothing allocated.
  if (before.length === 0) return false;
  const old = new Map(before.map((flag) => [flag.id, flag]));
  return after.some((flag) => {
    const was = old.get(flag.id);
    return was === undefined || changed(was, flag);
  });
}

/**
 * The flag_activity rows of one write, as BMO's Bugzilla/Flag.pm writes them: a row for each flag
 * created (`create`), for each one whose columns changed (`update`), and an `X` row for each one
 * removed, its setter the user who removed it (`Bugzilla->user->id || $old_flag->setter_id`). Rows
 * whose setter is not a known user are left out (the column is NOT NULL and references profiles).
 */
function flagActivityOf(change: FlagTargetChange): NewFlagActivity[] {
  const rows: NewFlagActivity[] = [];
  const old = new Map(change.before.map((flag) => [flag.id, flag]));
  const row = (flag: BugFlag, status: string, setterId: number | undefined) => {
    if (setterId === undefined) return;
    const requesteeId = flag.requestee === undefined ? null : (change.userId(flag.requestee) ?? null);
    rows.push({
      when: change.when,
      typeId: flag.type_id,
      flagId: flag.id,
      setterId,
      requesteeId,
      bugId: change.bugId,
      attachmentId: change.attachmentId,
      status,
    });
  };
  for (const flag of change.after) {
    const was = old.get(flag.id);
    old.delete(flag.id);
    if (!was || changed(was, flag)) row(flag, flag.status, change.userId(flag.setter));
  }
  for (const flag of old.values()) row(flag, 'X', change.changerId ?? change.userId(flag.setter));
  return rows;
}

/** One target's flags in a write: what it is, its flags before and after, and its own time (if the write gives no change set). */
export type FlagTarget = Pick<FlagTargetChange, 'bugId' | 'attachmentId' | 'before' | 'after'> & { at: number };

/**
 * The flag_activity rows of a bug write's targets, each at the time and by the user of its bug's
 * change set (what both the model and PostgreSQL apply from a write's effect); the sets are asked only
 * when some target's flags changed.
 */
export function flagActivityOfWrite(
  targets: readonly FlagTarget[],
  sets: () => ReadonlyArray<{ bugId: number; who: number; when: number }>,
  userId: (login: string) => number | undefined,
): NewFlagActivity[] {
  const changed = targets.filter((target) => flagsChanged(target.before, target.after));
  if (changed.length === 0) return [];
  const byBug = new Map(sets().map((set) => [set.bugId, set]));
  return changed.flatMap((target) => {
    const set = byBug.get(target.bugId);
    return flagActivityOf({ ...target, when: set?.when ?? target.at, changerId: set?.who, userId });
  });
}
