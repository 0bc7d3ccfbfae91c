import pg from 'pg';

/** Notified by bzc_instance's trigger (migration 0004) when a change to it commits. */
const INSTANCE_CHANGED_CHANNEL = 'bzc_instance_changed';
/** Notified by profiles' trigger (migration 0022) when a user's login, real name or enabled state changes. */
const USERS_CHANGED_CHANNEL = 'bzc_users_changed';
/** How it shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'bz-companion instance listener';
const RECONNECT_DELAY_MS = 1000;

/**
 * Keeps an instance's cached settings current when another instance or the CLI
 * changes them (import, admin reset): one connection LISTENs on the channel and
 * calls `refresh` on every notice; a notice of changed users calls `usersChanged`.
 * Notices sent while it is not connected are lost, so it also calls both every
 * time it (re)connects; it reconnects by itself.
 * Requests pay nothing for it (no check per request).
 */
export class InstanceListener {
  readonly #url: string;
  readonly #refresh: () => Promise<void>;
  readonly #usersChanged: () => void;
  /** Refreshes run one after another, so an older read never lands after a newer one. */
  #refreshing: Promise<void> = Promise.resolve();
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(url: string, refresh: () => Promise<void>, usersChanged: () => void) {
    this.#url = url;
    this.#refresh = refresh;
    this.#usersChanged = usersChanged;
  }

  /** Resolves once listening, or once the first attempt failed (it then keeps trying). */
  static async start(
    url: string,
    refresh: () => Promise<void>,
    usersChanged: () => void = () => {},
  ): Promise<InstanceListener> {
    const listener = new InstanceListener(url, refresh, usersChanged);
    await listener.#connect();
    return listener;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.#lost(client);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (notice) =>
      notice.channel === USERS_CHANGED_CHANNEL ? this.#usersChanged() : this.#queueRefresh(),
    );
    try {
      await client.connect();
      await client.query(`LISTEN ${INSTANCE_CHANGED_CHANNEL}; LISTEN ${USERS_CHANGED_CHANNEL}`);
      if (this.#closed) return void (await client.end());
      this.#client = client;
      // Whatever changed while nobody listened (before the first connection too: the store read at open).
      this.#queueRefresh();
      this.#usersChanged();
    } catch {
      onLost();
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client === client) this.#client = undefined;
    client.end().catch(() => {});
    if (this.#closed || this.#retry !== undefined) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect();
    }, RECONNECT_DELAY_MS);
    this.#retry.unref();
  }

  #queueRefresh(): void {
    // A failed read (the database going away) is retried when the connection comes back.
    this.#refreshing = this.#refreshing.then(this.#refresh).catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
    await this.#refreshing;
  }
}
