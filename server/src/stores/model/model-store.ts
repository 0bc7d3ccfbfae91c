import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import type { BugView, BugWrite, BugWriteEffect } from '../../bugzilla/bug/effect.js';
import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import type { CatalogueChange } from '../../bugzilla/catalogue/catalogue-change.js';
import { withSkew } from '../../bugzilla/clock.js';
import { matchingTags } from '../../bugzilla/comment/comment-tags.js';
import type { FlagActivity, FlagActivityCriteria } from '../../bugzilla/flag/bmo-flag-activity.js';
import type { CompiledSearch } from '../../bugzilla/search/compiled-search.js';
import type { JournalOp, StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import {
  type NewComment,
  type NewUser,
  NewUserError,
  type NewUserRecord,
  type OwnedData,
  type Store,
} from '../../bugzilla/store/store.js';
import type {
  Bug,
  ChangeSet,
  Comment,
  CommentReaction,
  InstanceSettings,
  User,
  VisitRecord,
} from '../../bugzilla/types.js';
import { plannedAccountOffer } from '../../bugzilla/user/account-offers.js';
import { generateApiKey, hashApiKey, hashesMatch } from '../../bugzilla/user/api-keys.js';
import { hashLoginToken } from '../../bugzilla/user/login-tokens.js';
import { likePattern, type UserMatch, userFits } from '../../bugzilla/user/user-match.js';
import { userWriteErrors } from '../../bugzilla/user/user-writes.js';
import { type AttachmentData, MemoryAttachmentData } from '../attachment-data.js';
import { bugWriteRecord, newCommentRecord } from '../bug-write-records.js';
import { type Committer, StoreWriteError } from '../committer.js';
import { snapshotCatalogue } from '../snapshot-catalogue.js';
import { userRecord } from '../user-record.js';
import { MemoryLoginFailures } from './memory-login-failures.js';
import { type Model, normalizeAuditClass } from './model.js';
import { modelSnapshot } from './model-records.js';
import { modelSearch } from './model-search.js';
import { UserSearch } from './user-search.js';

/** The Store over an in-memory model; the committer decides how durable a change is. */
export class ModelStore implements Store, OwnedData {
  /** This store owns its data: it makes every write itself. */
  readonly owned: OwnedData = this;

  /** In this process's memory: one process serves a data file, and a restart forgives failures. */
  readonly loginFailures = new MemoryLoginFailures();
  readonly #model: Model;
  readonly #committer: Committer;
  /** The highest bug id a plan was given (a refused create still used it up, as in 5.2), in the model's generation. */
  #reservedBugId = 0;
  #reservedGeneration = -1;
  /** The highest attachment id a plan was given, in the model's generation (concurrent plans never share one). */
  #reservedAttachmentId = 0;
  #reservedAttachmentGeneration = -1;
  /** Attachment bytes, kept out of the journal and the snapshot (see AttachmentData). */
  readonly #attachmentData: AttachmentData;
  constructor(model: Model, committer: Committer, attachmentData: AttachmentData = new MemoryAttachmentData()) {
    this.#model = model;
    this.#committer = committer;
    this.#attachmentData = attachmentData;
  }

  get instance(): InstanceSettings {
    return this.#model.instance;
  }

  get catalogue(): Catalogue {
    return this.#model.catalogue;
  }

  get userChanges(): number {
    return this.#model.usersVersion;
  }

  databaseNow(webMs: number, skewOverrideSeconds: number | undefined): number {
    return withSkew(webMs, this.#model.instance, skewOverrideSeconds);
  }

  findApiKey(key: string): { user: User; revoked: boolean } | undefined {
    const hash = hashApiKey(key);
    const record = this.#model.apiKeys.get(hash);
    if (!record || !hashesMatch(record.sha256, hash)) return undefined;
    const user = this.#model.users.get(record.userId);
    return user && { user, revoked: record.revoked };
  }

  userById(id: number): User | undefined {
    return this.#model.users.get(id);
  }

  userByLogin(login: string): User | undefined {
    return this.#model.usersByLogin.get(login.toLowerCase());
  }

  matchUsers(match: UserMatch): User[] {
    if (match.kind === 'exact') {
      const user = this.userByLogin(match.text);
      return user && userFits(user, match) ? [user] : [];
    }
    if (match.kind === 'substring') {
      return this.#userSearch().containing(match.text, (user) => match.includeDisabled || !user.disabled, match.limit);
    }
    const pattern = likePattern(match.text);
    const found: User[] = [];
    for (const user of this.#model.users.values()) {
      if (match.limit !== null && found.length >= match.limit) break;
      if (userFits(user, match, pattern)) found.push(user);
    }
    return found;
  }

  #search: { version: number; index: UserSearch } | undefined = undefined;

  #userSearch(): UserSearch {
    const version = this.#model.usersVersion;
    if (this.#search?.version !== version)
      this.#search = { version, index: new UserSearch(this.#model.users.values()) };
    return this.#search.index;
  }

  groupMembers(group: string): User[] {
    return [...this.#model.users.values()].filter((user) => user.groups.includes(group));
  }

  useLoginToken(userId: number, secret: string, ip: string, ts: number): boolean {
    const hash = hashLoginToken(userId, secret);
    const token = this.#model.loginTokens.get(hash);
    if (!token || token.userId !== userId || (token.ipAddr !== null && token.ipAddr !== ip)) return false;
    this.#model.touchLoginToken(hash, ts);
    return true;
  }

  addLoginToken(
    userId: number,
    secret: string,
    ipAddr: string | null,
    ts: number,
    expireBefore: number,
  ): Promise<void> {
    const token = { sha256: hashLoginToken(userId, secret), user_id: userId, ip_addr: ipAddr, last_used: ts };
    return this.#committer.commit({ op: 'login_token', token, expire_before: expireBefore });
  }

  async removeLoginToken(userId: number, secret: string): Promise<void> {
    const sha256 = hashLoginToken(userId, secret);
    if (this.#model.loginTokens.has(sha256)) await this.#committer.commit({ op: 'logout', sha256 });
  }

  bugById(id: number): Bug | undefined {
    return this.#model.bugs.get(id);
  }

  searchBugs(search: CompiledSearch): Bug[] {
    return modelSearch(this.#model, search);
  }

  bugByAlias(alias: string): Bug | undefined {
    return this.#model.bugsByAlias.get(alias.toLowerCase());
  }

  commentById(id: number): Comment | undefined {
    return this.#model.threads.comment(id);
  }

  commentsOf(bugId: number): readonly Comment[] {
    return this.#model.threads.commentsOf(bugId);
  }

  attachmentById(id: number): Attachment | undefined {
    return this.#model.attachments.byId(id);
  }

  attachmentsOf(bugId: number): readonly Attachment[] {
    return this.#model.attachments.ofBug(bugId);
  }

  attachmentData(attachment: Attachment): Buffer | Promise<Buffer | undefined> {
    return (
      this.#model.attachments.inlineData.get(attachment.dataSha256) ?? this.#attachmentData.get(attachment.dataSha256)
    );
  }

  personalTags(userId: number, bugId: number): readonly string[] {
    return this.#model.personalTags.tagsOf(userId, bugId);
  }

  bugsTagged(userId: number, tags: readonly string[]): number[] {
    return this.#model.personalTags.bugsTagged(userId, tags);
  }

  async updatePersonalTags(
    userId: number,
    changes: ReadonlyArray<{ bugId: number; add: readonly string[]; remove: readonly string[] }>,
  ): Promise<Array<{ bugId: number; removed: string[]; added: string[] }>> {
    const entries = changes.map((change) => ({
      bug_id: change.bugId,
      add: [...change.add],
      remove: [...change.remove],
    }));
    const op: Extract<JournalOp, { op: 'personal_tags' }> = { op: 'personal_tags', user: userId, changes: entries };
    await this.#committer.commit(op);
    return entries.map((entry: (typeof op.changes)[number]) => ({
      bugId: entry.bug_id,
      removed: entry.result?.removed ?? [],
      added: entry.result?.added ?? [],
    }));
  }

  searchCommentTags(query: string, limit: number): string[] {
    return matchingTags(this.#model.commentTags.weights, query, limit);
  }

  async updateCommentTags(commentId: number, add: readonly string[], remove: readonly string[]): Promise<string[]> {
    const change: Extract<JournalOp, { op: 'comment_tags' }>['change'] = {
      comment_id: commentId,
      add: [...add],
      remove: [...remove],
    };
    await this.#committer.commit({ op: 'comment_tags', change });
    return change.tags ?? [];
  }

  async updateCommentReactions(
    commentId: number,
    userId: number,
    add: readonly string[],
    remove: readonly string[],
  ): Promise<CommentReaction[]> {
    const change: Extract<JournalOp, { op: 'comment_reactions' }>['change'] = {
      comment_id: commentId,
      user_id: userId,
      add: [...add],
      remove: [...remove],
    };
    await this.#committer.commit({ op: 'comment_reactions', change });
    return (change.reactions ?? []).map(([id, reaction]) => ({ userId: id, reaction }));
  }

  historyOf(bugId: number): readonly ChangeSet[] {
    return this.#model.threads.historyOf(bugId);
  }

  /** From the model's indexes of flag_activity (model-flag-activity.ts). */
  flagActivity(criteria: FlagActivityCriteria): FlagActivity[] {
    return this.#model.flagActivity.find(criteria);
  }

  /** From the model's index of dupe_of: a BMO answer asks it of every bug it shows. */
  duplicatesOf(bugId: number): number[] {
    return this.#model.indexes.duplicatesOf(bugId);
  }

  visitorsOf(bugId: number): number[] {
    const users: number[] = [];
    for (const [userId, visits] of this.#model.visits) if (visits.get(bugId) !== undefined) users.push(userId);
    return users;
  }

  async addComment(input: NewComment): Promise<Comment> {
    const op: Extract<JournalOp, { op: 'comment' }> = {
      op: 'comment',
      comment: newCommentRecord(input),
      author_visit: input.authorVisit,
      forget_visits: [...input.forgetVisitsOf],
    };
    await this.#committer.commit(op);
    // Applying the entry gave the comment its id (the next free one at that moment); committers
    // apply the `comment` object they were given, so the id shows here. The journal line was
    // written before, without it: a replay gives the same ids in the same order.
    const comment = op.comment.id === undefined ? undefined : this.#model.threads.comment(op.comment.id);
    if (!comment) throw new Error(`bug ${input.bugId} was removed while the comment was being saved`);
    return comment;
  }

  /**
   * Plans against the model as it is, then commits the effect with what the plan read; if another
   * write changed one of those bugs before this one was applied, it changed nothing, and the write is
   * planned again against the new state (optimistic concurrency: group commit keeps working).
   */
  async writeBugs<R>(write: BugWrite<R>): Promise<R> {
    const model = this.#model;
    for (let attempt = 0; attempt < 50; attempt++) {
      const read: Array<[number, number]> = [];
      const view: BugView = {
        bug: (id) => {
          read.push([id, model.bugVersions.get(id) ?? 0]);
          return model.bugs.get(id);
        },
        aliasOwner: (alias) => model.bugsByAlias.get(alias.toLowerCase())?.id,
        newBugId: () => {
          // Scanned once per generation (a reset replaces the bugs); after that every new id is counted here.
          if (this.#reservedGeneration !== model.generation) {
            this.#reservedGeneration = model.generation;
            this.#reservedBugId = 0;
            for (const id of model.bugs.keys()) if (id > this.#reservedBugId) this.#reservedBugId = id;
          }
          this.#reservedBugId++;
          read.push([this.#reservedBugId, 0]);
          return this.#reservedBugId;
        },
        attachments: (bugId) => {
          read.push([bugId, model.bugVersions.get(bugId) ?? 0]);
          return model.attachments.ofBug(bugId);
        },
        newAttachmentId: () => {
          if (this.#reservedAttachmentGeneration !== model.generation) {
            this.#reservedAttachmentGeneration = model.generation;
            this.#reservedAttachmentId = model.attachments.nextId() - 1;
          }
          return ++this.#reservedAttachmentId;
        },
        user: (id) => model.users.get(id),
        userByLogin: (login) => model.usersByLogin.get(login.toLowerCase()),
        comments: (bugId) => model.threads.commentsOf(bugId),
      };
      const planned = write.plan(view);
      if (planned.effect.attachments?.some((added) => added.bytes !== undefined))
        await this.#storeBytes(planned.effect);
      const op: Extract<JournalOp, { op: 'bug_write' }> = {
        op: 'bug_write',
        effect: bugWriteRecord(planned.effect, (id) => readAsStored(model, read, id)),
        expect: { generation: model.generation, bugs: read },
      };
      await this.#committer.commit(op);
      if (op.expect.applied) return planned.result;
    }
    throw new StoreWriteError('the bugs kept changing while this change was being saved');
  }

  /** New attachments' bytes are stored apart first (in parallel, outside the journal's serial path); the entry names them. */
  async #storeBytes(effect: BugWriteEffect): Promise<void> {
    const added = (effect.attachments ?? []).filter((write) => write.bytes !== undefined);
    const hashes = await Promise.all(added.map((write) => this.#attachmentData.put(write.bytes as Buffer)));
    for (const [i, write] of added.entries()) write.attachment.dataSha256 = hashes[i] as string;
  }

  lastVisit(userId: number, bugId: number): number | undefined {
    return this.#model.lastVisit(userId, bugId);
  }

  recentVisits(userId: number): VisitRecord[] {
    return this.#model.recentVisits(userId);
  }

  allVisits(userId: number): VisitRecord[] {
    return this.#model.visits.get(userId)?.inRowOrder() ?? [];
  }

  lastAuditTime(classNames: readonly string[] | null): number | null {
    const wanted = classNames && new Set(classNames.map(normalizeAuditClass));
    let latest: number | null = null;
    for (const event of this.#model.auditLog) {
      if (wanted && !wanted.has(event.className)) continue;
      if (latest === null || event.atTime > latest) latest = event.atTime;
    }
    return latest;
  }

  recordVisits(userId: number, bugIds: readonly number[], ts: number): Promise<void> {
    return this.#committer.commit({ op: 'visit', user: userId, bugs: [...bugIds], ts });
  }

  /** Catalogue writes wait for each other, so each plans against what the one before it made. */
  #catalogueTurn: Promise<unknown> = Promise.resolve();

  changeCatalogue<T>(change: CatalogueChange<T>): Promise<T> {
    const run = this.#catalogueTurn.then(async () => {
      const plan = change(this.#model.catalogue);
      const renamed = (plan.renamedGroups ?? []).map(([from, to]) => [from, to] as [string, string]);
      await this.#committer.commit({
        op: 'catalogue',
        catalogue: snapshotCatalogue(plan.next),
        renamed_groups: renamed,
      });
      return plan.answer;
    });
    this.#catalogueTurn = run.catch(() => undefined);
    return run;
  }

  /** User writes take turns too: each plans against what the one before it wrote. */
  #userTurn: Promise<unknown> = Promise.resolve();

  #inUserTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#userTurn.then(work);
    this.#userTurn = run.catch(() => undefined);
    return run;
  }

  createUser(input: NewUserRecord): Promise<User> {
    return this.#inUserTurn(async () => {
      if (this.userByLogin(input.login)) throw userWriteErrors.loginTaken(input.login);
      const user = {
        login: input.login,
        real_name: input.realName,
        groups: [...input.groups],
        api_keys: [],
        disabled: false,
        disabled_text: null,
        password_hash: input.passwordHash,
      };
      await this.#committer.commit({ op: 'add_user', user });
      return this.userByLogin(input.login) as User;
    });
  }

  updateUsers<T>(ids: readonly number[], plan: (users: User[]) => { users: User[]; answer: T }): Promise<T> {
    return this.#inUserTurn(async () => {
      const current = ids.map((id) => this.userById(id)).filter((user): user is User => user !== undefined);
      const planned = plan(current);
      for (const user of planned.users) {
        const holder = this.userByLogin(user.login);
        if (holder && holder.id !== user.id) throw userWriteErrors.loginTaken(user.login);
      }
      const users = planned.users.map(userRecord);
      if (users.length > 0) await this.#committer.commit({ op: 'update_users', users });
      return planned.answer;
    });
  }

  offerAccount(email: string, now: number): Promise<void> {
    return this.#inUserTurn(async () => {
      const offer = plannedAccountOffer(this.#model.accountOffers, email, now);
      await this.#committer.commit({ op: 'account_offer', offer });
    });
  }

  async pruneVisits(cutoff: number): Promise<number> {
    const count = this.#model.countVisitsBefore(cutoff);
    if (count > 0) await this.#committer.commit({ op: 'prune', before: cutoff });
    return count;
  }

  async replaceApiKey(login: string): Promise<string> {
    const user = this.#model.usersByLogin.get(login.trim().toLowerCase());
    if (!user) throw NewUserError.keyForNoUser(login);
    const apiKey = generateApiKey();
    await this.#committer.commit({ op: 'replace_api_key', user: user.id, sha256: hashApiKey(apiKey) });
    return apiKey;
  }

  async addUser(input: NewUser): Promise<{ user: User; apiKey: string }> {
    const login = NewUserError.checkedLogin(input.login);
    if (this.#model.usersByLogin.has(login.toLowerCase())) throw NewUserError.taken(login);
    const apiKey = generateApiKey();
    const sha256 = hashApiKey(apiKey);
    await this.#committer.commit({
      op: 'add_user',
      user: {
        login,
        real_name: input.realName ?? '',
        groups: input.groups ?? [],
        api_keys: [{ sha256, revoked: false }],
        disabled: false,
        disabled_text: null,
        password_hash: null,
      },
    });
    // The new key names the user this call added; without it, the same login was added meanwhile.
    const added = this.#model.apiKeys.get(sha256);
    const user = added && this.#model.users.get(added.userId);
    if (!user) throw NewUserError.taken(login);
    return { user, apiKey };
  }

  /** With every attachment's bytes in it, so the snapshot stands alone (a reset or another store can load it). */
  async snapshot(): Promise<StoreSnapshot> {
    const snapshot = structuredClone(modelSnapshot(this.#model));
    const data: Record<string, string> = snapshot.attachment_data ?? {};
    for (const attachment of snapshot.attachments ?? []) {
      if (Object.hasOwn(data, attachment.data_sha256)) continue;
      const bytes = await this.#attachmentData.get(attachment.data_sha256);
      if (bytes) data[attachment.data_sha256] = bytes.toString('base64');
    }
    snapshot.attachment_data = data;
    return snapshot;
  }

  /** Attachment bytes the snapshot carries are stored apart first, so the journal entry stays small. */
  async replaceAll(snapshot: StoreSnapshot): Promise<void> {
    const copy = structuredClone(snapshot);
    const carried = copy.attachment_data ?? {};
    await Promise.all(Object.values(carried).map((base64) => this.#attachmentData.put(Buffer.from(base64, 'base64'))));
    delete copy.attachment_data;
    return this.#committer.commit({ op: 'replace', snapshot: copy });
  }

  close(): Promise<void> {
    return this.#committer.close();
  }
}

/**
 * The stored bug `id` when the plan read it as it is now: the entry then applies only while it stays
 * so (`expect`), and may record just what the write changed of it.
 */
function readAsStored(model: Model, read: ReadonlyArray<[number, number]>, id: number): Bug | undefined {
  const version = model.bugVersions.get(id) ?? 0;
  for (const [readId, readVersion] of read) if (readId === id && readVersion === version) return model.bugs.get(id);
  return undefined;
}
