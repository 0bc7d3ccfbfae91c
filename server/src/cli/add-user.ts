import { emptySnapshot } from '../bugzilla/store/snapshot.js';
import type { Store } from '../bugzilla/store/store.js';
import { ownedData } from '../bugzilla/store/store.js';
import { defaultInstance } from '../stores/default-instance.js';
import { openStore, type StoreTarget } from '../stores/open/open-store.js';

export interface AddUserOptions {
  login: string;
  realName: string | undefined;
  groups: string[];
  data: string;
  /** PostgreSQL URL: add the user there (an empty database gets the default instance first). */
  database: string | undefined;
}

/** The store `user` commands change: the data file (made empty if there is none) or the database. */
async function openUserStore(options: { data: string; database: string | undefined }): Promise<Store> {
  const empty = () => emptySnapshot(defaultInstance());
  const target: StoreTarget =
    options.database === undefined
      ? { kind: 'file', path: options.data, create: empty }
      : { kind: 'postgres', url: options.database, seed: empty };
  return (await openStore(target)).store;
}

/** `user key LOGIN`: a new API key for the user, printed once; the user's other keys are revoked. */
export async function replaceApiKey(options: { login: string; data: string; database: string | undefined }) {
  const store = await openUserStore(options);
  try {
    return await ownedData(store, "an API key (make one in Bugzilla's preferences)").replaceApiKey(options.login);
  } finally {
    await store.close();
  }
}

/** `user add`: creates the user (and the data file, empty, if there is none) and returns the new API key. */
export async function addUser(options: AddUserOptions): Promise<string> {
  const store = await openUserStore(options);
  try {
    const { apiKey } = await ownedData(store, 'adding a user').addUser({
      login: options.login,
      ...(options.realName === undefined ? {} : { realName: options.realName }),
      groups: options.groups,
    });
    return apiKey;
  } finally {
    await store.close();
  }
}
