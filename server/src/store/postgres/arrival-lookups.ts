import type { Database } from './database.js';
import { BUG_COLUMNS, type BugRow, USER_COLUMNS, type UserRow } from './rows.js';
import { TickBatch } from './tick-batch.js';

export type ApiKeyRow = UserRow & { sha256: string; revoked: boolean };

type Lookup = { kind: 'now' } | { kind: 'key'; hash: string } | { kind: 'bug'; id: number };

/**
 * What requests look up as they arrive, all in one statement: the database's
 * now(), API keys' users (by hash: $1), bugs by id ($2). Rows come back as JSON,
 * the one way to return lists of different shapes from one statement.
 */
export const ARRIVAL_LOOKUPS = `
SELECT (extract(epoch FROM now()) * 1000)::bigint AS now_ms,
  (SELECT coalesce(json_agg(key_row), '[]') FROM (
     SELECT k.sha256, k.revoked, ${USER_COLUMNS}
     FROM bzc_api_key_hashes k JOIN profiles p ON p.userid = k.user_id WHERE k.sha256 = ANY ($1::text[])
   ) key_row) AS keys,
  (SELECT coalesce(json_agg(bug_row), '[]') FROM (
     SELECT ${BUG_COLUMNS} FROM bugs b WHERE b.bug_id = ANY ($2::integer[])
   ) bug_row) AS bugs`;

/**
 * The look-ups of a request to the PostgreSQL store before it writes: its time,
 * its API key, its bug (asked together as it arrives: see RouteSpec.stampsWrites
 * and readsPathBug). Those asked in one tick, by any requests, cost one statement
 * and one round trip in all, not one each.
 *
 * Requests that ask the time in one tick share one now(). Each is still stamped
 * with a database now() taken within its own lifetime: the statement is sent
 * after every one of them asked (they had arrived), and answers before any of
 * them is answered.
 */
export class ArrivalLookups {
  readonly #batch: TickBatch<Lookup, number | ApiKeyRow | BugRow | undefined>;

  constructor(db: Database) {
    this.#batch = new TickBatch(async (lookups) => {
      const hashes = new Set<string>();
      const ids = new Set<number>();
      for (const lookup of lookups) {
        if (lookup.kind === 'key') hashes.add(lookup.hash);
        else if (lookup.kind === 'bug') ids.add(lookup.id);
      }
      const [row] = await db.query<{ now_ms: string; keys: ApiKeyRow[]; bugs: BugRow[] }>(ARRIVAL_LOOKUPS, [
        [...hashes],
        [...ids],
      ]);
      const nowMs = Number(row?.now_ms);
      const keys = new Map(row?.keys.map((key) => [key.sha256, key]));
      const bugs = new Map(row?.bugs.map((bug) => [bug.bug_id, bug]));
      return lookups.map((lookup) =>
        lookup.kind === 'now' ? nowMs : lookup.kind === 'key' ? keys.get(lookup.hash) : bugs.get(lookup.id),
      );
    });
  }

  /** The database's clock, epoch milliseconds. */
  async now(): Promise<number> {
    return (await this.#batch.add({ kind: 'now' })) as number;
  }

  /** The key whose SHA-256 is `hash`, with its user; undefined when there is none. */
  async apiKey(hash: string): Promise<ApiKeyRow | undefined> {
    return (await this.#batch.add({ kind: 'key', hash })) as ApiKeyRow | undefined;
  }

  async bug(id: number): Promise<BugRow | undefined> {
    return (await this.#batch.add({ kind: 'bug', id })) as BugRow | undefined;
  }
}
