import type { BugView, BugWrite } from '../../domain/bug-writes/effect.js';
import type { Catalogue } from '../../domain/catalogue/catalogue.js';
import { withSkew } from '../../domain/clock.js';
import type { Bug, ChangeSet, Comment, InstanceSettings, User, VisitRecord } from '../../domain/types.js';
import { generateApiKey, hashApiKey, hashesMatch } from '../api-keys.js';
import { bugWriteRecord } from '../bug-write-records.js';
import { type Committer, StoreWriteError } from '../committer.js';
import { hashLoginToken } from '../login-tokens.js';
import type { JournalOp, StoreSnapshot } from '../snapshot.js';
import { type NewComment, type NewUser, NewUserError, type OwnedData, type Store } from '../store.js';
import { MemoryLoginFailures } from './memory-login-failures.js';
import { type Model, normalizeAuditClass } from './model.js';

/** The Store over an in-memory model; the committer decides how durable a change is. */
export class ModelStore implements Store, OwnedData {
  /** This store owns its data: it makes every write itself. */
  readonly owned: OwnedData = this;

  /** In this process's memory: one process serves a data file, and a restart forgives failures. */
  readonly loginFailures = new MemoryLoginFailures();
  readonly #model: Model;
  readonly #committer: Committer;
  /** The highest bug id a plan was given (a refused create still used it up, as in 5.2). */
  #reservedBugId = 0;
  constructor(model: Model, committer: Committer) {
    this.#model = model;
    this.#committer = committer;
  }

  get instance(): InstanceSettings {
    return this.#model.instance;
  }

  get catalogue(): Catalogue {
    return this.#model.catalogue;
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

  allBugs(): Iterable<Bug> {
    return [...this.#model.bugs.values()].sort((a, b) => a.id - b.id);
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

  historyOf(bugId: number): readonly ChangeSet[] {
    return this.#model.threads.historyOf(bugId);
  }

  visitorsOf(bugId: number): number[] {
    const users: number[] = [];
    for (const [userId, visits] of this.#model.visits) if (visits.get(bugId) !== undefined) users.push(userId);
    return users;
  }

  async addComment(input: NewComment): Promise<Comment> {
    const op: Extract<JournalOp, { op: 'comment' }> = {
      op: 'comment',
      comment: {
        bug_id: input.bugId,
        author_id: input.author,
        time: input.time,
        text: input.text,
        is_private: input.isPrivate,
      },
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
          let max = this.#reservedBugId;
          for (const id of model.bugs.keys()) if (id > max) max = id;
          this.#reservedBugId = max + 1;
          read.push([this.#reservedBugId, 0]);
          return this.#reservedBugId;
        },
        user: (id) => model.users.get(id),
        userByLogin: (login) => model.usersByLogin.get(login.toLowerCase()),
      };
      const planned = write.plan(view);
      const op: Extract<JournalOp, { op: 'bug_write' }> = {
        op: 'bug_write',
        effect: bugWriteRecord(planned.effect),
        expect: { generation: model.generation, bugs: read },
      };
      await this.#committer.commit(op);
      if (op.expect.applied) return planned.result;
    }
    throw new StoreWriteError('the bugs kept changing while this change was being saved');
  }

  lastVisit(userId: number, bugId: number): number | undefined {
    return this.#model.lastVisit(userId, bugId);
  }

  recentVisits(userId: number): VisitRecord[] {
    return this.#model.recentVisits(userId);
  }

  allVisits(userId: number): VisitRecord[] {
    const visits = this.#model.visits.get(userId);
    return visits ? [...visits.entries()].map(([bugId, lastVisitTs]) => ({ bugId, lastVisitTs })) : [];
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

  async pruneVisits(cutoff: number): Promise<number> {
    const count = this.#model.countVisitsBefore(cutoff);
    if (count > 0) await this.#committer.commit({ op: 'prune', before: cutoff });
    return count;
  }

  async replaceApiKey(login: string): Promise<string> {
    const user = this.#model.usersByLogin.get(login.trim().toLowerCase());
    if (!user) throw NewUserError.noSuchUser(login);
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

  snapshot(): StoreSnapshot {
    return structuredClone(this.#model.toSnapshot());
  }

  replaceAll(snapshot: StoreSnapshot): Promise<void> {
    return this.#committer.commit({ op: 'replace', snapshot: structuredClone(snapshot) });
  }

  close(): Promise<void> {
    return this.#committer.close();
  }
}
