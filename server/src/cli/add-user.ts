import { defaultInstance } from '../store/default-instance.js';
import { openFileStore } from '../store/file-store.js';
import { emptySnapshot } from '../store/snapshot.js';

export interface AddUserOptions {
  login: string;
  realName: string | undefined;
  groups: string[];
  data: string;
}

/** `user add`: creates the user (and the data file, empty, if there is none) and returns the new API key. */
export async function addUser(options: AddUserOptions): Promise<string> {
  const { store } = await openFileStore(options.data, { create: () => emptySnapshot(defaultInstance()) });
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
