import { parseBugzillaTime } from '@bz-companion/shared';
import { DEFAULT_BUG_TIME, defaultBugFields } from '../../bugzilla/bug/bug-defaults.js';
import { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { CatalogueData } from '../../bugzilla/catalogue/types.js';
import { addGroups } from '../../bugzilla/field/implied.js';
import {
  type JournalOp,
  SNAPSHOT_FORMAT,
  SNAPSHOT_FORMAT_VERSION,
  type SnapshotBug,
  type SnapshotLoginToken,
  type SnapshotUser,
  type SnapshotUserVisits,
  type StoreSnapshot,
  snapshotAliases,
} from '../../bugzilla/store/snapshot.js';
import type { SnapshotHead, SnapshotPart, SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import type {
  ApiKeyRecord,
  AuditEvent,
  Bug,
  InstanceSettings,
  LoginToken,
  User,
  VisitRecord,
} from '../../bugzilla/types.js';
import { type AccountOffer, MAX_TOKEN_AGE_SECONDS } from '../../bugzilla/user/account-offers.js';
import { keepsStoredVisit } from '../../bugzilla/visit/visits.js';
import { catalogueOfSection } from '../snapshot-catalogue.js';
import { streamOfSnapshot } from '../snapshot-parts.js';
import { userOfRecord } from '../user-record.js';
import { applyBugWrite, numberedComment } from './apply-bug-write.js';
import { BugIndexes } from './bug-indexes.js';
import { BugThreads } from './bug-threads.js';
import {
  applyLegacyAttachmentEntry,
  isLegacyAttachmentEntry,
  type LegacyAttachmentParts,
} from './legacy-attachment-entries.js';
import { ModelAttachments } from './model-attachments.js';
import { applyCommentReactions } from './model-comment-reactions.js';
import { ModelCommentTags } from './model-comment-tags.js';
import { ModelFlagActivity } from './model-flag-activity.js';
import { ModelPersonalTags } from './model-personal-tags.js';
import { UserVisits } from './user-visits.js';

/** The data file is not something bz-companion can load; it is never overwritten. */
export class CorruptDataError extends Error {
  override readonly name = 'CorruptDataError';
}

/** `Tracker::X` and `Bugzilla::X` name the same audit class. */
export function normalizeAuditClass(name: string): string {
  return name.replace(/^Tracker(?=::|$)/, 'Bugzilla');
}

/**
 * The whole store in memory, with the indexes the routes read. Reads are
 * synchronous; changes arrive only through `apply` (from the journal or a
 * live commit), so replaying the journal rebuilds exactly this state.
 */
export class Model {
  instance!: InstanceSettings;
  groups!: string[];
  /** Replaced whole when it changes (Catalogue is immutable), so a reader keeps a consistent view. */
  catalogue!: Catalogue;
  journalPosition: number;
  readonly users = new Map<number, User>();
  readonly usersByLogin = new Map<string, User>();
  readonly apiKeys = new Map<string, ApiKeyRecord>();
  readonly bugs = new Map<number, Bug>();
  readonly bugsByAlias = new Map<string, Bug>();
  readonly auditLog: AuditEvent[] = [];
  readonly visits = new Map<number, UserVisits>();
  /** Login tokens by the SHA-256 of `<user id>-<secret>`. */
  readonly loginTokens = new Map<string, LoginToken>();
  /** Account offers of the last MAX_TOKEN_AGE days (older ones are dropped as newer come, as 5.2's tokens). */
  accountOffers: AccountOffer[] = [];
  readonly threads = new BugThreads();
  readonly attachments = new ModelAttachments();
  readonly commentTags = new ModelCommentTags();
  readonly personalTags = new ModelPersonalTags();
  /** BMO's flag_activity rows: every store keeps them, the bmo profile answers them. */
  readonly flagActivity = new ModelFlagActivity();
  readonly #indexes = new BugIndexes();
  /**
   * Bugs changed since the indexes last looked: indexed when a search next reads them, so that a
   * write's cost holds no index work, and a bug written many times between two searches is indexed once.
   */
  readonly #unindexed = new Set<number>();

  /** What searches start from (bug-indexes.ts): brought up to date with every change of bugs and comments. */
  get indexes(): BugIndexes {
    if (this.#unindexed.size > 0) {
      for (const bugId of this.#unindexed) this.#index(bugId);
      this.#unindexed.clear();
    }
    return this.#indexes;
  }
  /** How many bug writes changed each bug since the model was loaded: what a bug write's plan expects to find. */
  readonly bugVersions = new Map<number, number>();
  /** Counts resets: a write planned before one must not land on the new content. */
  generation = 0;
  /** Counts changes of users (added, changed, all replaced): what a user search index was built for. */
  usersVersion = 0;
  /** The highest flag id given: flags are numbered in one sequence, as 5.2's `flags.id`. */
  maxFlagId = 0;

  private constructor(head: SnapshotHead) {
    this.journalPosition = head.journal_position;
    this.#loadHead(head);
    // Only where the data file opens: a reset's snapshot starts a new generation with no counts.
    if (head.write_generation !== undefined) this.generation = head.write_generation;
  }

  /** Every collection filled here and in `#loadPart` must be emptied in `#clear`, or a reset would keep some of the old content. */
  #loadHead(head: SnapshotHead): void {
    const { instance } = head;
    this.instance = {
      version: instance.version,
      profile: instance.profile,
      extensions: instance.extensions,
      parameters: instance.parameters,
      strictInvolvement: instance.strict_involvement,
      visitRetention: instance.visit_retention === true,
      dbTimeOffsetSeconds: instance.db_time_offset_seconds,
    };
    this.groups = head.groups;
    this.catalogue = Catalogue.from(catalogueOfSection(head.catalogue));
  }

  /** Adds one batch of a snapshot's records (SECTIONS' order: a section refers only to earlier ones). */
  #loadPart(part: SnapshotPart): void {
    switch (part.section) {
      case 'users':
        for (const user of part.records) this.#addUser(user);
        return;
      case 'bugs':
        for (const bug of part.records) this.#addBug(bug);
        return;
      case 'comments':
        for (const comment of part.records) this.threads.addComment(comment);
        this.commentTags.count(part.records);
        return;
      case 'audit_log':
        for (const event of part.records) {
          this.auditLog.push({
            className: normalizeAuditClass(event.class),
            objectId: event.object_id,
            field: event.field,
            removed: event.removed,
            added: event.added,
            atTime: parseBugzillaTime(event.at_time) / 1000,
            user: event.user_id,
          });
        }
        return;
      case 'last_visits':
        for (const visits of part.records) this.#addVisits(visits);
        return;
      case 'login_tokens':
        for (const token of part.records) this.#addLoginToken(token);
        return;
      case 'account_offers':
        for (const offer of part.records) this.accountOffers.push(offer);
        return;
      case 'attachments':
        this.attachments.load(part.records);
        for (const row of part.records)
          for (const flag of row.flags) this.maxFlagId = Math.max(this.maxFlagId, flag.id);
        return;
      case 'attachment_data':
        this.attachments.loadData(part.records);
        return;
      case 'personal_tags':
        this.personalTags.load(part.records);
        return;
      case 'flag_activity':
        this.flagActivity.load(part.records);
        return;
      case 'write_counts':
        for (const [bugId, count] of part.records) this.bugVersions.set(bugId, count);
        return;
    }
  }

  #addBug(bug: SnapshotBug): void {
    const aliases = snapshotAliases(bug.alias);
    const entry: Bug = {
      id: bug.id,
      aliases,
      reporter: bug.reporter_id,
      assignedTo: bug.assigned_to_id,
      qaContact: bug.qa_contact_id,
      cc: bug.cc_ids,
      // By name, as 5.2 lists them (Bugzilla::Group->new_from_list orders by name), and as PostgreSQL reads them.
      groups: [...bug.groups].sort(),
      reporterAccessible: bug.reporter_accessible,
      cclistAccessible: bug.cclist_accessible,
      fields: bug.fields ?? defaultBugFields({ creation: DEFAULT_BUG_TIME, lastChange: DEFAULT_BUG_TIME }),
    };
    this.bugs.set(bug.id, entry);
    for (const flag of entry.fields.flags) this.maxFlagId = Math.max(this.maxFlagId, flag.id);
    for (const alias of aliases) this.bugsByAlias.set(alias.toLowerCase(), entry);
    if (bug.history && bug.history.length > 0) {
      this.threads.setHistory(
        bug.id,
        bug.history.map((set) => ({ who: set.who_id, when: set.when, changes: set.changes })),
      );
    }
  }

  #addVisits({ user_id, bug_ids, last_visit_ts }: SnapshotUserVisits): void {
    if (!Array.isArray(bug_ids) || !Array.isArray(last_visit_ts) || bug_ids.length !== last_visit_ts.length) {
      throw new Error(`the visits of user ${user_id} are not two arrays of one length`);
    }
    const visits = this.#visitsOf(user_id);
    for (let i = 0; i < bug_ids.length; i++) visits.set(bug_ids[i] as number, last_visit_ts[i] as number);
  }

  /** Indexes every bug, comment and change set (after a load). */
  #indexAll(): void {
    for (const bug of this.bugs.values()) this.#index(bug.id);
    for (const bugId of this.bugs.keys()) {
      for (const comment of this.threads.commentsOf(bugId)) this.#indexes.addComment(comment);
    }
  }

  /** Indexes a bug as it is now (its attachments' flags with it). */
  #index(bugId: number): void {
    const bug = this.bugs.get(bugId);
    if (bug)
      this.#indexes.put(
        bug,
        this.attachments.ofBug(bugId).flatMap((attachment) => attachment.flags),
      );
  }

  /** After an entry applied: the bugs it changed indexed again, its new comments and change sets added. */
  #reindex(op: JournalOp, firstNewComment: number, touched: readonly number[]): void {
    const changed = this.#unindexed;
    for (let id = firstNewComment; id <= this.threads.maxCommentId; id++) {
      const comment = this.threads.comment(id);
      if (comment) {
        this.#indexes.addComment(comment);
        changed.add(comment.bugId);
      }
    }
    for (const bugId of touched) changed.add(bugId);
    if (op.op === 'bug_write') {
      for (const bug of op.effect.bugs) changed.add(bug.id);
      for (const attachment of op.effect.attachments ?? []) changed.add(attachment.bug_id);
    }
  }

  /** Builds the model from a parsed data file, refusing anything that is not one. */
  static fromSnapshot(snapshot: unknown): Model {
    checkSnapshotShape(snapshot);
    return Model.fromStream(streamOfSnapshot(snapshot as StoreSnapshot)) as Model;
  }

  /**
   * Builds the model from a snapshot's stream, a batch at a time: synchronously from records in
   * hand, as a promise from records read (a data file). Refuses anything that is not a data file's.
   */
  static fromStream(stream: SnapshotStream): Model | Promise<Model> {
    checkHead(stream.head);
    const model = new Model(stream.head);
    const parts = stream.parts;
    if (Symbol.asyncIterator in parts) return model.#loadAsync(parts);
    model.#loadAll(parts);
    return model;
  }

  #loadAll(parts: Iterable<SnapshotPart>): void {
    try {
      for (const part of parts) this.#loadPart(part);
    } catch (error) {
      throw malformed(error);
    }
    this.#indexAll();
  }

  async #loadAsync(parts: AsyncIterable<SnapshotPart>): Promise<Model> {
    try {
      for await (const part of parts) this.#loadPart(part);
    } catch (error) {
      throw malformed(error);
    }
    this.#indexAll();
    return this;
  }

  apply(op: JournalOp): void {
    const firstNewComment = this.threads.maxCommentId + 1;
    this.#touchedByLegacy.length = 0;
    this.#apply(op);
    if (op.op !== 'replace') this.#reindex(op, firstNewComment, this.#touchedByLegacy);
  }

  /** Bugs an older version's attachment entry changed (their last change time, in place). */
  readonly #touchedByLegacy: number[] = [];

  #apply(op: JournalOp): void {
    switch (op.op) {
      case 'visit': {
        const visits = this.#visitsOf(op.user);
        for (const bugId of op.bugs) if (!keepsStoredVisit(visits.get(bugId), op.ts)) visits.set(bugId, op.ts);
        return;
      }
      case 'prune':
        this.pruneBefore(op.before);
        return;
      case 'add_user':
        // Of two additions of one login, the first applied wins; the other changes nothing.
        if (this.usersByLogin.has(op.user.login.toLowerCase())) return;
        this.#addUser({ ...op.user, id: op.user.id ?? this.nextUserId() });
        return;
      case 'replace': {
        this.generation++;
        this.#clear();
        const { head, parts } = streamOfSnapshot(op.snapshot);
        this.#loadHead(head);
        // A reset starts its generation with no write counts, whatever the snapshot carried.
        for (const part of parts as Iterable<SnapshotPart>) if (part.section !== 'write_counts') this.#loadPart(part);
        this.#indexAll();
        return;
      }
      case 'login_token':
      case 'account_offer':
      case 'replace_api_key':
      case 'logout':
        this.#applyCredentials(op);
        return;
      case 'comment':
        this.#addComment(op);
        return;
      case 'catalogue':
        this.#replaceCatalogue(op);
        return;
      case 'update_users':
        for (const user of op.users) this.#updateUser(user);
        return;
      case 'bug_write':
        op.expect.applied = applyBugWrite(this, op);
        return;
      case 'comment_tags':
        this.commentTags.apply(op, this.threads);
        return;
      case 'comment_reactions':
        applyCommentReactions(op, this.threads);
        return;
      case 'personal_tags':
        this.personalTags.apply(op);
        return;
      default:
        if (isLegacyAttachmentEntry(op)) {
          applyLegacyAttachmentEntry(op, this.attachments, this.#legacyParts());
          return;
        }
        // An entry this version does not know (a newer version's): skipping it would lose an
        // acknowledged write, so the journal is refused as it is.
        throw new CorruptDataError(`its journal has an entry this version does not know: ${(op as { op: string }).op}`);
    }
  }

  /** The journal's login entries: tokens, account offers, API keys, logouts. */
  #applyCredentials(
    op: Extract<JournalOp, { op: 'login_token' | 'account_offer' | 'replace_api_key' | 'logout' }>,
  ): void {
    switch (op.op) {
      case 'login_token':
        // As 5.2's persist_login: issuing a token is when stale ones are cleaned up.
        for (const [hash, token] of this.loginTokens) {
          if (token.lastUsed < op.expire_before) this.loginTokens.delete(hash);
        }
        this.#addLoginToken(op.token);
        return;
      case 'account_offer': {
        const expired = op.offer.issued - MAX_TOKEN_AGE_SECONDS;
        this.accountOffers = this.accountOffers.filter((offer) => offer.issued >= expired);
        this.accountOffers.push(op.offer);
        return;
      }
      case 'replace_api_key':
        for (const key of this.apiKeys.values()) if (key.userId === op.user) key.revoked = true;
        this.apiKeys.set(op.sha256, { sha256: op.sha256, userId: op.user, revoked: false });
        return;
      case 'logout':
        this.loginTokens.delete(op.sha256);
        return;
    }
  }

  /** What replaying an older version's attachment entry changes besides the attachments. */
  #legacyParts(): LegacyAttachmentParts {
    return {
      bugs: this.bugs,
      threads: this.threads,
      visits: this.visits,
      visitsOf: (userId) => this.#visitsOf(userId),
      touched: (bugId) => {
        this.bugVersions.set(bugId, (this.bugVersions.get(bugId) ?? 0) + 1);
        this.#touchedByLegacy.push(bugId);
      },
      nextFlagId: () => ++this.maxFlagId,
    };
  }

  /** A user's new record in place of the old; a login another user has meanwhile taken is not applied. */
  #updateUser(record: Extract<JournalOp, { op: 'update_users' }>['users'][number]): void {
    const old = this.users.get(record.id);
    if (!old) return;
    const holder = this.usersByLogin.get(record.login.toLowerCase());
    if (holder && holder.id !== record.id) return;
    const entry = userOfRecord(record);
    this.usersByLogin.delete(old.login.toLowerCase());
    this.usersVersion++;
    this.users.set(entry.id, entry);
    this.usersByLogin.set(entry.login.toLowerCase(), entry);
    for (const group of entry.groups) if (!this.groups.includes(group)) this.groups.push(group);
  }

  /** The next catalogue, with renamed groups renamed in their members' lists (and any group a user is in kept). */
  #replaceCatalogue(op: Extract<JournalOp, { op: 'catalogue' }>): void {
    const data = catalogueOfSection(op.catalogue);
    for (const [from, to] of op.renamed_groups) {
      for (const user of this.users.values()) {
        if (user.groups.includes(from)) user.groups = user.groups.map((g) => (g === from ? to : g)).sort();
      }
      this.groups = this.groups.map((group) => (group === from ? to : group));
    }
    const named = new Set<string>(this.groups);
    for (const user of this.users.values()) for (const group of user.groups) named.add(group);
    addGroups(data, named, false);
    for (const group of data.groups) if (!this.groups.includes(group.name)) this.groups.push(group.name);
    this.catalogue = Catalogue.from(data);
  }

  /**
   * Marks a token used. Only in memory: a write per authenticated request would
   * cost a disk sync each, and the time matters only for expiry after 30 idle
   * days; after a restart a token counts as last used when it was last saved.
   */
  touchLoginToken(sha256: string, ts: number): void {
    const token = this.loginTokens.get(sha256);
    if (token) token.lastUsed = Math.max(token.lastUsed, ts);
  }

  #clear(): void {
    this.usersVersion++;
    this.users.clear();
    this.usersByLogin.clear();
    this.apiKeys.clear();
    this.bugs.clear();
    this.bugsByAlias.clear();
    this.auditLog.length = 0;
    this.visits.clear();
    this.loginTokens.clear();
    this.accountOffers = [];
    this.threads.clear();
    this.attachments.clear();
    this.commentTags.clear();
    this.personalTags.clear();
    this.flagActivity.clear();
    this.#indexes.clear();
    this.#unindexed.clear();
    this.bugVersions.clear();
    this.maxFlagId = 0;
  }

  /**
   * Adds a comment with the next free id, which it writes into the entry for
   * the poster to read. A comment on a bug that a reset removed meanwhile
   * changes nothing (and gets no id).
   */
  #addComment(op: Extract<JournalOp, { op: 'comment' }>): void {
    const { comment } = op;
    const bug = this.bugs.get(comment.bug_id);
    if (!bug) return;
    comment.id ??= this.threads.maxCommentId + 1;
    this.threads.addComment(numberedComment(comment, comment.id));
    bug.fields.last_change_time = comment.time;
    if (op.author_visit) this.#visitsOf(comment.author_id).set(comment.bug_id, comment.time);
    for (const userId of op.forget_visits) this.visits.get(userId)?.delete(comment.bug_id);
  }

  pruneBefore(cutoff: number): number {
    let removed = 0;
    for (const [userId, visits] of this.visits) {
      removed += visits.pruneBefore(cutoff);
      if (visits.size === 0) this.visits.delete(userId);
    }
    return removed;
  }

  countVisitsBefore(cutoff: number): number {
    let count = 0;
    for (const visits of this.visits.values()) count += visits.countBefore(cutoff);
    return count;
  }

  lastVisit(userId: number, bugId: number): number | undefined {
    return this.visits.get(userId)?.get(bugId);
  }

  recentVisits(userId: number): VisitRecord[] {
    return this.visits.get(userId)?.recent() ?? [];
  }

  nextUserId(): number {
    let max = 0;
    for (const id of this.users.keys()) max = Math.max(max, id);
    return max + 1;
  }

  #addLoginToken(token: SnapshotLoginToken): void {
    this.loginTokens.set(token.sha256, { userId: token.user_id, ipAddr: token.ip_addr, lastUsed: token.last_used });
  }

  /** A user's visits, made when they have none yet. */
  visitsOf(userId: number): UserVisits {
    return this.#visitsOf(userId);
  }

  #visitsOf(userId: number): UserVisits {
    let visits = this.visits.get(userId);
    if (!visits) {
      visits = new UserVisits();
      this.visits.set(userId, visits);
    }
    return visits;
  }

  #addUser(user: SnapshotUser): void {
    const entry = userOfRecord(user);
    // A user's groups exist from then on; part of applying the change, so a replay restores them too.
    for (const group of user.groups) if (!this.groups.includes(group)) this.groups.push(group);
    if (user.groups.some((group) => !this.catalogue.group(group))) {
      const data = structuredClone(this.catalogue.data) as CatalogueData;
      addGroups(data, user.groups, false);
      this.catalogue = Catalogue.from(data);
    }
    this.users.set(user.id, entry);
    this.usersVersion++;
    this.usersByLogin.set(user.login.toLowerCase(), entry);
    for (const key of user.api_keys) {
      this.apiKeys.set(key.sha256, { sha256: key.sha256, userId: user.id, revoked: key.revoked });
    }
  }
}

/** The checks of a whole snapshot's shape that its head cannot make (its record lists are arrays). */
export function checkSnapshotShape(snapshot: unknown): void {
  checkHead(snapshot as SnapshotHead);
  const data = snapshot as Partial<StoreSnapshot>;
  for (const key of ['users', 'bugs', 'audit_log', 'last_visits', 'groups'] as const) {
    if (!Array.isArray(data[key])) throw new CorruptDataError(`its "${key}" is not an array`);
  }
}

function checkHead(head: SnapshotHead | null): void {
  if (head === null || typeof head !== 'object' || head.format !== SNAPSHOT_FORMAT) {
    throw new CorruptDataError(`it is not a ${SNAPSHOT_FORMAT} data file (no "format": "${SNAPSHOT_FORMAT}")`);
  }
  if (head.format_version !== SNAPSHOT_FORMAT_VERSION) {
    throw new CorruptDataError(`its format_version ${String(head.format_version)} is not supported`);
  }
  if (!Array.isArray(head.groups)) throw new CorruptDataError('its "groups" is not an array');
}

function malformed(error: unknown): Error {
  if (error instanceof CorruptDataError) return error;
  return new CorruptDataError(`its content is malformed (${(error as Error).message})`);
}
