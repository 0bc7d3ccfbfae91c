import { defaultInstance } from '../store/default-instance.js';
import { openFileStore } from '../store/file-store.js';
import { emptySnapshot } from '../store/snapshot.js';
import type { Store } from '../store/store.js';

export interface AddUserOptions {
  login: string;
  realName: string | undefined;
  groups: string[];
  data: string;
  /** PostgreSQL URL: add the user there (an empty database gets the default instance first). */
  database: string | undefined;
}

/** `user add`: creates the user (and the data file, empty, if there is none) and returns the new API key. */
export async function addUser(options: AddUserOptions): Promise<string> {
  const empty = () => emptySnapshot(defaultInstance());
  const store: Store =
    options.database === undefined
      ? (await openFileStore(options.data, { create: empty })).store
      : await (await import('../store/postgres/postgres-store.js')).PostgresStore.open(options.database, {
          seed: empty,
        });
  try {
    const { apiKey } = await store.addUser({
      login: options.login,
      ...(options.realName === undefined ? {} : { realName: options.realName }),
      groups: options.groups,
    });
    return apiKey;
  } finally {
    await store.close();
  }
}
