import type { Attachment } from '../attachment/attachment.js';
import type { BugWrite } from '../bug/effect.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { CatalogueChange } from '../catalogue/catalogue-change.js';
import { type BugzillaError, errors, StoreError } from '../errors.js';
import type { FlagActivity, FlagActivityCriteria } from '../flag/bmo-flag-activity.js';
import type { Read } from '../read.js';
import type { CompiledSearch } from '../search/compiled-search.js';
import type { Bug, ChangeSet, Comment, CommentReaction, InstanceSettings, User, VisitRecord } from '../types.js';
import type { LoginFailures } from '../user/login-failures.js';
import type { UserMatch } from '../user/user-match.js';
import type { StoreSnapshot } from './snapshot.js';

export interface NewComment {
  bugId: number;
  author: number;
  text: string;
  isPrivate: boolean;
  /** Epoch seconds; also the bug's new last_change_time. */
  time: number;
  /** Set the author's last visit of the bug to `time` (5.2 does when the author is involved). */
  authorVisit: boolean;
  /** Users whose visit of the bug is deleted (5.2 deletes those no longer involved). */
  forgetVisitsOf: readonly number[];
}

export { NewUserError } from '../user/new-user.js';

/** A write refused while serving a Bugzilla database (--bugzilla-schema): its tables are Bugzilla's; nothing changed. */
export class ReadOnlyBugzillaError extends StoreError {
  override readonly name = 'ReadOnlyBugzillaError';
  constructor(what: string) {
    super(`${what} is not possible while serving a Bugzilla database (--bugzilla-schema): do it in Bugzilla`);
  }

  /** Serving a Bugzilla database: only visits are ours to write there. */
  answer(): BugzillaError {
    return errors.bugzillaOwnsThis(this.message);
  }
}

export interface NewUserRecord {
  login: string;
  realName: string;
  passwordHash: string | null;
  groups: readonly string[];
}

export interface NewUser {
  login: string;
  realName?: string;
  groups?: string[];
}

/**
 * What the routes need from storage, in capabilities. Reads are `Read`s: synchronous where the
 * data lives in memory, promises where it lives in a database, and callers await both alike; a
 * write resolves only once it is durable, and a rejected write changed nothing.
 * Implementations: memory (`--in-memory` and tests), the JSON file (snapshot + journal),
 * PostgreSQL with our schema (all three own their data: `owned`), and PostgreSQL over a
 * Bugzilla database, whose tables are Bugzilla's: it reads them, records visits and logins, and
 * has no `owned` capability. Another backend only has to keep these promises.
 */
export interface Store {
  readonly instance: InstanceSettings;
  /**
   * Products, components, field values, the workflow, flag types and group definitions. Kept in
   * memory by every store (it is small and every rule reads it), current across instances.
   */
  readonly catalogue: Catalogue;
  /**
   * Changes whenever a user's login, real name or disabled state may have changed (on PostgreSQL,
   * through any instance): an answer naming users, made at one value, is current while it holds.
   * Absent where the store cannot tell (a Bugzilla database, which Bugzilla also writes).
   */
  readonly userChanges?: number;
  /**
   * The database's clock (epoch ms) when the web clock reads `webMs`: what rows are
   * stamped with (Bugzilla's `NOW()`). A store in this process derives it from the web
   * clock; PostgreSQL is asked for its own now(). Either way plus the skew
   * (`skewOverrideSeconds`, from the admin clock, or else the instance's setting).
   * Ask once per request (ApiRequest.databaseNow), so one answer's times agree.
   */
  databaseNow(webMs: number, skewOverrideSeconds: number | undefined): Read<number>;
  /** The user an API key belongs to, and whether the key was revoked. */
  findApiKey(key: string): Read<{ user: User; revoked: boolean } | undefined>;
  userById(id: number): Read<User | undefined>;
  /** Logins are matched without regard to letter case, as Bugzilla does. */
  userByLogin(login: string): Read<User | undefined>;
  /** The users one User.get `match` finds (a login, a substring, a `*` pattern), by id, up to its limit. */
  matchUsers(match: UserMatch): Read<User[]>;
  /** The users directly in the group (not through its user regexp), by id. */
  groupMembers(group: string): Read<User[]>;
  /** Whether `<userId>-<secret>` is a live login token usable from `ip`; using one marks it used at `ts`. */
  useLoginToken(userId: number, secret: string, ip: string, ts: number): Read<boolean>;
  /** Stores a new login token (its hash only); tokens unused since `expireBefore` die with it, as in 5.2. */
  addLoginToken(userId: number, secret: string, ipAddr: string | null, ts: number, expireBefore: number): Promise<void>;
  /** Ends one login token (logout); the user's other tokens stay. */
  removeLoginToken(userId: number, secret: string): Promise<void>;
  /** Failed password logins (the lock-out), kept where the store's data is, so every instance on it counts them alike. */
  readonly loginFailures: LoginFailures;
  bugById(id: number): Read<Bug | undefined>;
  /**
   * The bugs a search (bugzilla/search/compiled-search.ts) finds that its viewer may see, in its order
   * (then by id), one page of them: run where the data is, over the store's indexes.
   */
  searchBugs(search: CompiledSearch): Read<Bug[]>;
  /** Aliases are matched without regard to letter case, as Bugzilla does. */
  bugByAlias(alias: string): Read<Bug | undefined>;
  /** BMO's flag_activity rows that meet the criteria, by id, one page (none where the database keeps no such table). */
  flagActivity(criteria: FlagActivityCriteria): Read<FlagActivity[]>;
  /** The bugs that are duplicates of this one (Bugzilla's `duplicates` rows), by id. */
  duplicatesOf(bugId: number): Read<number[]>;
  /** A comment by its global id. */
  commentById(id: number): Read<Comment | undefined>;
  /** A bug's comments, oldest first: a comment's index is its `count`. */
  commentsOf(bugId: number): Read<readonly Comment[]>;
  attachmentById(id: number): Read<Attachment | undefined>;
  /** A bug's attachments, by id. */
  attachmentsOf(bugId: number): Read<readonly Attachment[]>;
  /** An attachment's bytes (undefined only if they were lost). */
  attachmentData(attachment: Attachment): Read<Buffer | undefined>;
  /** The user's own tags of the bug (Bug.update_tags), in the order added. */
  personalTags(userId: number, bugId: number): Read<readonly string[]>;
  /** The bugs the user tagged with any of `tags` (lowercase), by id. */
  bugsTagged(userId: number, tags: readonly string[]): Read<number[]>;
  /** Tags in use that contain `query` (without regard to case), most used first, at most `limit`. */
  searchCommentTags(query: string, limit: number): Read<string[]>;
  /** A bug's change sets, oldest first. */
  historyOf(bugId: number): Read<readonly ChangeSet[]>;
  /** The users who have a last-visit row for the bug. */
  visitorsOf(bugId: number): Read<number[]>;
  /** Epoch seconds of the user's last visit to the bug. */
  lastVisit(userId: number, bugId: number): Read<number | undefined>;
  /** The user's 20 most recent visits, newest first. */
  recentVisits(userId: number): Read<VisitRecord[]>;
  /**
   * Every visit of the user by row: the bug first visited first, a later visit keeping its place
   * (Bugzilla's `bug_user_last_visit.id`, Bugzilla/BugUserLastVisit.pm's LIST_ORDER). A data set
   * loaded from a snapshot numbers its rows in the snapshot's order (of last writes).
   */
  allVisits(userId: number): Read<VisitRecord[]>;
  /** Epoch seconds of the newest audit event of these classes (all classes when null). */
  lastAuditTime(classNames: readonly string[] | null): Read<number | null>;
  /**
   * Sets the user's last visit of each bug, in order, all with one timestamp: `ts` (epoch seconds, what
   * the answer shows). `databaseMs`, the request's database clock it was truncated from, is for a store
   * that keeps the time as Bugzilla does (a Bugzilla database's column rounds NOW() to the second).
   */
  recordVisits(userId: number, bugIds: readonly number[], ts: number, databaseMs?: number): Promise<void>;
  close(): Promise<void>;
  /** Writes of a store that owns its data (absent over a Bugzilla database, whose data is Bugzilla's). */
  readonly owned?: OwnedData;
}

/** What only a store that owns its data does: content writes, user administration, retention, snapshots. */
export interface OwnedData {
  /** Removes visits older than `cutoff` (epoch seconds); resolves to how many. */
  pruneVisits(cutoff: number): Promise<number>;
  /** Adds a comment (with its side effects); resolves to it once durable. */
  addComment(input: NewComment): Promise<Comment>;
  /** Adds and removes a comment's tags (checked already); resolves to its tags then ([] for a missing comment). */
  updateCommentTags(commentId: number, add: readonly string[], remove: readonly string[]): Promise<string[]>;
  /**
   * Adds and removes one user's reactions to a comment (checked already: bugzilla/comment/bmo-reactions.ts);
   * resolves to all its reactions then ([] for a missing comment).
   */
  updateCommentReactions(
    commentId: number,
    userId: number,
    add: readonly string[],
    remove: readonly string[],
  ): Promise<CommentReaction[]>;
  /** Adds and removes a user's own tags of bugs (checked already); resolves to what changed, per bug in order. */
  updatePersonalTags(
    userId: number,
    changes: ReadonlyArray<{ bugId: number; add: readonly string[]; remove: readonly string[] }>,
  ): Promise<Array<{ bugId: number; removed: string[]; added: string[] }>>;
  /**
   * A bug write (Bug.create, Bug.update, Bug.add_attachment, Bug.update_attachment): planned against the current rows under the store's write
   * serialisation, so two concurrent writes of one bug lose nothing; resolves to the plan's result
   * once its effect is durable. A refusal (the plan's BugzillaError) changes nothing.
   */
  writeBugs<R>(write: BugWrite<R>): Promise<R>;
  /** Creates a user with a new random API key, which is returned once and stored only as a hash. */
  addUser(input: NewUser): Promise<{ user: User; apiKey: string }>;
  /**
   * A new API key for the user with this login, returned once; the user's other keys are revoked
   * (a lost key is replaced, not added to). NewUserError when there is no such user.
   */
  replaceApiKey(login: string): Promise<string>;
  /**
   * Changes the catalogue (products, components, groups, flag types, ...): `change` plans
   * against the catalogue as it is when this write's turn comes; resolves to its answer once
   * durable. A plan that throws changed nothing.
   */
  changeCatalogue<T>(change: CatalogueChange<T>): Promise<T>;
  /**
   * A new user (User.create) with a password hash or none, in these groups, and no API key.
   * Refused with 5.2's error 500 when the login is taken, in any letter case.
   */
  createUser(input: NewUserRecord): Promise<User>;
  /**
   * Users' new records (User.update): `plan` gets the current records of `ids` when this
   * write's turn comes and answers the records to write; a plan that throws changed nothing.
   */
  updateUsers<T>(ids: readonly number[], plan: (users: User[]) => { users: User[]; answer: T }): Promise<T>;
  /** Records an account offer to the address at `now` (epoch seconds), or refuses one too soon after another. */
  offerAccount(email: string, now: number): Promise<void>;
  /** The whole content as it is now, detached from the store (what a reset goes back to). */
  snapshot(): Read<StoreSnapshot>;
  /** Replaces the whole content, durably like any write (admin reset); its journal position is kept. */
  replaceAll(snapshot: StoreSnapshot): Promise<void>;
}

/** The store's owned-data capability, or the refusal that answers `what` over a Bugzilla database. */
export function ownedData(store: Store, what: string): OwnedData {
  if (!store.owned) throw new ReadOnlyBugzillaError(what);
  return store.owned;
}
