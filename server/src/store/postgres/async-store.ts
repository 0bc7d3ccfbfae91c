import type { StoreSnapshot } from '../snapshot.js';
import type { NewUser } from '../store.js';
import type { Bug, InstanceSettings, User, VisitRecord } from '../types.js';

/**
 * Today's Store, with every read asynchronous: what a store whose data lives in
 * another process (PostgreSQL) can promise. The wiring session turns the
 * routes to this shape and makes the file store implement it too (its reads
 * resolve at once). Writes resolve only once durable; a rejected one changed nothing.
 */
export interface AsyncStore {
  /** Loaded when the store opens; changed only by `importSnapshot`. */
  readonly instance: InstanceSettings;
  /** The database's clock now, epoch milliseconds (the instance's configured skew not included). */
  databaseNow(): Promise<number>;
  findApiKey(key: string): Promise<{ user: User; revoked: boolean } | undefined>;
  userById(id: number): Promise<User | undefined>;
  bugById(id: number): Promise<Bug | undefined>;
  /** Every bug, by id. */
  allBugs(): Promise<Bug[]>;
  /** Aliases are matched without regard to letter case. */
  bugByAlias(alias: string): Promise<Bug | undefined>;
  /** Epoch seconds of the user's last visit to the bug. */
  lastVisit(userId: number, bugId: number): Promise<number | undefined>;
  /** The user's 20 most recent visits, newest first (within one second, the later write first). */
  recentVisits(userId: number): Promise<VisitRecord[]>;
  /** Epoch seconds of the newest audit event of these classes (all classes when null). */
  lastAuditTime(classNames: readonly string[] | null): Promise<number | null>;
  /** Sets the user's last visit of each bug, in order, all with one timestamp (epoch seconds). */
  recordVisits(userId: number, bugIds: readonly number[], ts: number): Promise<void>;
  /** Removes visits older than `cutoff` (epoch seconds); resolves to how many. */
  pruneVisits(cutoff: number): Promise<number>;
  /** Creates a user with a new random API key, which is returned once and stored only as a hash. */
  addUser(input: NewUser): Promise<{ user: User; apiKey: string }>;
  /** Replaces the whole content with a validated snapshot (from snapshotFromFixture), all or nothing. */
  importSnapshot(snapshot: StoreSnapshot): Promise<void>;
  close(): Promise<void>;
}
