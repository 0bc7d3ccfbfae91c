/**
 * A user's first live API key in a fixture (the fixture holds keys in clear;
 * the store only their hashes). Throws, naming the login, when the fixture
 * has no such user or the user no live key.
 */
export function apiKeyOf(fixture: unknown, login: string): string {
  const users = (fixture as { users?: Array<{ login: string; api_keys?: string[] }> } | null)?.users ?? [];
  const user = users.find((candidate) => candidate.login.toLowerCase() === login.trim().toLowerCase());
  if (!user) throw new Error(`bz-companion: the fixture has no user "${login}"`);
  const key = user.api_keys?.[0];
  if (key === undefined) throw new Error(`bz-companion: user "${login}" has no live API key in the fixture`);
  return key;
}
