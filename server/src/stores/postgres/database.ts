import { createHash } from 'node:crypto';
import pg from 'pg';
import { withRetry } from './with-retry.js';

export interface DatabaseOptions {
  /** Connections this instance may hold; several instances share the server's max_connections. */
  maxConnections?: number;
  /** How long to wait for a connection before answering 503 (ms). */
  connectTimeoutMs?: number;
  /**
   * How long one statement may go unanswered before it is given up as unavailable
   * (ms): a database behind a dead network would otherwise hold requests forever.
   */
  queryTimeoutMs?: number;
}

/**
 * The connection pool, and the two ways the store talks through it: one
 * statement (autocommit: durable when it resolves) or one transaction. Both
 * retry what may be retried (see withRetry).
 */
export class Database {
  readonly pool: pg.Pool;
  readonly #url: string;
  readonly #options: DatabaseOptions;

  constructor(url: string, options: DatabaseOptions = {}) {
    this.#url = url;
    this.#options = options;
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      query_timeout: options.queryTimeoutMs ?? 30_000,
      options: withGenericPlans(url),
    });
    // An idle connection the server closed (restart, failover) is dropped from the
    // pool and reported here; without a listener it would crash the process.
    this.pool.on('error', () => {});
  }

  /**
   * One statement; idempotent ones are retried once on a fresh connection if the old one died.
   * Prepared once per connection (named by its text), so PostgreSQL parses and plans the
   * store's few statements once, not per request.
   */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[], idempotent = true): Promise<R[]> {
    const name = statementName(text);
    const result = await withRetry(() => this.pool.query<R>({ name, text, values }), { idempotent });
    return result.rows;
  }

  /** Runs `work` in one transaction, again from the start after a serialization failure or deadlock. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>, idempotent = false): Promise<T> {
    return withRetry(
      async () => {
        const client = await this.pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          const result = await work(client);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        } finally {
          // A connection that could not even roll back is closed, not reused.
          client.release(broken);
        }
      },
      { idempotent },
    );
  }

  #searchPool: pg.Pool | undefined;

  /**
   * A search's one statement (search-statement.ts): its text is made per search, so it is not prepared by
   * name, and it is planned for its own values (custom plans: a word's selectivity decides the index);
   * PostgreSQL itself gives it up at `timeoutMs`, when the request it answers is given up too.
   */
  async search<R extends pg.QueryResultRow>(text: string, values: unknown[], timeoutMs: number): Promise<R[]> {
    if (this.#searchPool === undefined) {
      this.#searchPool = new pg.Pool({
        connectionString: this.#url,
        max: Math.max(2, Math.floor((this.#options.maxConnections ?? 10) / 3)),
        connectionTimeoutMillis: this.#options.connectTimeoutMs ?? 5000,
        query_timeout: this.#options.queryTimeoutMs ?? 30_000,
        options: withOptions(this.#url, [
          '-c plan_cache_mode=force_custom_plan',
          `-c statement_timeout=${Math.max(1, Math.round(timeoutMs))}`,
        ]),
      });
      // Once, with the pool: a listener added per search leaked (MaxListenersExceededWarning).
      this.#searchPool.on('error', () => {});
    }
    const pool = this.#searchPool;
    const result = await withRetry(() => pool.query<R>({ text, values }), { idempotent: true });
    return result.rows;
  }

  close(): Promise<void> {
    const search = this.#searchPool;
    this.#searchPool = undefined;
    return Promise.all([this.pool.end(), search?.end()]).then(() => undefined);
  }
}

/**
 * The session options: the URL's own (`?options=`), plus generic plans for prepared
 * statements. Every statement of the stores is prepared once per connection and
 * selects by key; left to choose, PostgreSQL re-plans the batched look-ups
 * (`= ANY ($1)`) at every execution, because it costs a generic plan for an array
 * of 10 elements: planning was about half their CPU (a key look-up 130 us -> 63 us).
 */
function withGenericPlans(url: string): string {
  return withOptions(url, ['-c plan_cache_mode=force_generic_plan']);
}

/** The URL's own session options, then these. */
function withOptions(url: string, options: readonly string[]): string {
  const own = URL.canParse(url) ? new URL(url).searchParams.get('options') : null;
  return [own, ...options].filter(Boolean).join(' ');
}

const statementNames = new Map<string, string>();

/** A prepared statement's name: the same text always gets the same one. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `bzc_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}
