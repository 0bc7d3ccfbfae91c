import type { Attachment } from '../attachment/attachment.js';
import type { Bug, ChangeSet, Comment, User } from '../types.js';

/** A comment a write adds (the store numbers it). */
export type NewBugComment = Omit<Comment, 'id'>;

/**
 * What one bug write (Bug.create, Bug.update) changes, decided by a domain plan against the
 * current rows: concrete new rows a store writes as they are. Applying it needs no clock and no
 * rule, so a journal replays it to the same state.
 */
export interface BugWriteEffect {
  /** Every bug the write changes or creates, whole, as it will be. A flag with id 0 is new: the store numbers it. */
  bugs: Bug[];
  /** Change sets added to bugs' histories (5.2's bugs_activity rows), with the API's field names. */
  history: Array<{ bugId: number; set: ChangeSet }>;
  /** Comments added, in order (the new bug's description first). */
  comments: NewBugComment[];
  /** Last-visit rows: the changer's visit set to the change time, and the visits of users no longer involved deleted. */
  visits: Array<{ bugId: number; setFor: number[]; forget: number[]; ts: number }>;
  /** Existing comments made private or public (Bug.update's `comment_is_private`). */
  commentPrivacy?: Array<{ commentId: number; isPrivate: boolean }>;
  /**
   * Attachments added or changed, whole as they will be (a flag with id 0 is new). A new one has its
   * `bytes` (the store keeps them apart from the row) and the id `BugView.newAttachmentId` gave it.
   */
  attachments?: AttachmentWrite[];
}

/** One attachment a bug write adds (with its bytes) or changes (without). */
export interface AttachmentWrite {
  attachment: Attachment;
  bytes?: Buffer;
}

/**
 * The current rows a plan reads: bugs by id (a store that reads lazily throws `NeedBugs` for one
 * it did not load, and plans again with it), the owner of an alias, and a new bug's id (taken for
 * good, as 5.2's sequence: a refused create still uses one up).
 */
export interface BugView {
  bug(id: number): Bug | undefined;
  aliasOwner(alias: string): number | undefined;
  newBugId(): number;
  user(id: number): User | undefined;
  /** A bug's attachments, by id (what attachment writes and a move's flag clean-up read). */
  attachments(bugId: number): readonly Attachment[];
  /** A new attachment's id, taken for good (a store's sequence); each call gives the next. */
  newAttachmentId(): number;
  /** A bug's comments, oldest first (what `comment_is_private` names). */
  comments(bugId: number): ReadonlyArray<Pick<Comment, 'id' | 'isPrivate'>>;
  /** Logins match without regard to letter case. */
  userByLogin(login: string): User | undefined;
}

/** A plan asked for rows its store had not loaded: the store loads them too and plans again. */
export class NeedRows extends Error {
  override readonly name = 'NeedRows';
  constructor(
    readonly rows: {
      bugs?: readonly number[];
      users?: readonly number[];
      logins?: readonly string[];
      newBugId?: true;
      /** Bugs whose comments the plan reads. */
      comments?: readonly number[];
      /** Bugs whose attachments the plan reads. */
      attachments?: readonly number[];
      /** How many new attachment ids the plan takes. */
      attachmentIds?: number;
    },
  ) {
    super('the plan needs rows the store had not loaded');
  }
}

/** A plan's outcome: the effect, and the method's answer. */
export interface BugWritePlan<R> {
  effect: BugWriteEffect;
  result: R;
}

/** A write a store runs: it plans against its current rows under its write serialisation, then applies the effect. */
export interface BugWrite<R> {
  /** The bugs the plan reads (the store may load and lock them first); aliases and logins it asks about. */
  bugIds: readonly number[];
  aliases: readonly string[];
  logins: readonly string[];
  /** Epoch seconds: the request's database clock. */
  when: number;
  /** How many attachments the plan adds: a store that numbers them ahead may take that many ids at once. */
  newAttachments?: number;
  plan(view: BugView): BugWritePlan<R>;
}
