import { isStorableId } from '../../bugzilla/ids.js';
import type { Database } from './database.js';
import { BUG_COLUMNS, type BugRow, NOW_MS, USER_COLUMNS, type UserRow } from './rows.js';
import { TickBatch } from './tick-batch.js';

/** A key's row: the value it was looked up by (its hash, or Bugzilla's key itself), its state and its user. */
export type ApiKeyRow = UserRow & { lookup_key: string; revoked: boolean };

type Lookup = { kind: 'now' } | { kind: 'key'; key: string } | { kind: 'bug'; id: number };

/**
 * Where a schema keeps what requests look up as they arrive: a SELECT of key rows (`lookup_key`,
 * `revoked`, the user's columns) whose key is one of $1, and a SELECT of bug rows whose id is one of $2.
 */
export interface ArrivalSources {
  keys: string;
  bugs: string;
}

/** Our schema's: keys by their SHA-256, bugs with our columns. */
export const OUR_ARRIVAL_SOURCES: ArrivalSources = {
  keys: `SELECT k.sha256 AS lookup_key, k.revoked, ${USER_COLUMNS}
     FROM bzc_api_key_hashes k JOIN profiles p ON p.userid = k.user_id WHERE k.sha256 = ANY ($1::text[])`,
  bugs: `SELECT ${BUG_COLUMNS} FROM bugs b WHERE b.bug_id = ANY ($2::integer[])`,
};

/**
 * What requests look up as they arrive, all in one statement: the database's
 * now(), API keys' users ($1), bugs by id ($2). Rows come back as JSON,
 * the one way to return lists of different shapes from one statement.
 */
function arrivalLookups(sources: ArrivalSources): string {
  return `
SELECT ${NOW_MS} AS now_ms,
  (SELECT coalesce(json_agg(key_row), '[]') FROM (${sources.keys}) key_row) AS keys,
  (SELECT coalesce(json_agg(bug_row), '[]') FROM (${sources.bugs}) bug_row) AS bugs`;
}

/**
 * The look-ups of a request to a PostgreSQL store before it writes: its time,
 * its API key, its bug (asked together as it arrives: see RouteSpec.stampsWrites
 * and readsPathBug). Those asked in one tick, by any requests, cost one statement
 * and one round trip in all, not one each; both stores (ours, and Bugzilla's
 * tables with --bugzilla-schema) use it, each with its own sources.
 *
 * Requests that ask the time in one tick share one now(). Each is still stamped
 * with a database now() taken within its own lifetime: the statement is sent
 * after every one of them asked (they had arrived), and answers before any of
 * them is answered.
 */
export class ArrivalLookups {
  readonly #batch: TickBatch<Lookup, number | ApiKeyRow | BugRow | undefined>;

  constructor(db: Database, sources: ArrivalSources = OUR_ARRIVAL_SOURCES) {
    // Built again when the sources change: a Bugzilla database's bug columns follow its custom fields.
    let statement = arrivalLookups(sources);
    let builtFor = sources.bugs;
    this.#batch = new TickBatch(async (lookups) => {
      if (sources.bugs !== builtFor) {
        builtFor = sources.bugs;
        statement = arrivalLookups(sources);
      }
      const keyValues = new Set<string>();
      const ids = new Set<number>();
      for (const lookup of lookups) {
        if (lookup.kind === 'key') keyValues.add(lookup.key);
        else if (lookup.kind === 'bug') ids.add(lookup.id);
      }
      const [row] = await db.query<{ now_ms: string; keys: ApiKeyRow[]; bugs: BugRow[] }>(statement, [
        [...keyValues],
        [...ids],
      ]);
      const nowMs = Number(row?.now_ms);
      const keys = new Map(row?.keys.map((key) => [key.lookup_key, key]));
      const bugs = new Map(row?.bugs.map((bug) => [bug.bug_id, bug]));
      return lookups.map((lookup) =>
        lookup.kind === 'now' ? nowMs : lookup.kind === 'key' ? keys.get(lookup.key) : bugs.get(lookup.id),
      );
    });
  }

  /** The database's clock, epoch milliseconds. */
  async now(): Promise<number> {
    return (await this.#batch.add({ kind: 'now' })) as number;
  }

  /** The key looked up by `key` (our schema: its SHA-256), with its user; undefined when there is none. */
  async apiKey(key: string): Promise<ApiKeyRow | undefined> {
    return (await this.#batch.add({ kind: 'key', key })) as ApiKeyRow | undefined;
  }

  async bug(id: number): Promise<BugRow | undefined> {
    // An id no INTEGER column can hold names nothing (and must never reach PostgreSQL: a 22003).
    // Asked in a batch, it would fail every other request's look-up in the same tick.
    if (!isStorableId(id)) return undefined;
    return (await this.#batch.add({ kind: 'bug', id })) as BugRow | undefined;
  }
}
