import type { User } from '../../domain/types.js';

/**
 * The users' logins and real names in lower case, in one string (`\n` before each user,
 * `\t` between login and name), so that a substring match over 100,000 users is one
 * indexOf scan rather than two lower-casings per user per request. Built again when the
 * users change (the model counts their changes).
 */
export class UserSearch {
  readonly #text: string;
  /** Where each user's entry starts in the text, ascending; `users[i]` is the one starting at `starts[i]`. */
  readonly #starts: number[];
  readonly #users: User[];

  constructor(users: Iterable<User>) {
    const parts: string[] = [];
    this.#starts = [];
    this.#users = [];
    let at = 0;
    for (const user of [...users].sort((a, b) => a.id - b.id)) {
      const entry = `\n${user.login.toLowerCase()}\t${user.realName.toLowerCase()}`;
      this.#starts.push(at);
      this.#users.push(user);
      parts.push(entry);
      at += entry.length;
    }
    this.#text = parts.join('');
  }

  /** Users whose login or real name contains `needle` (lower case, no `\n` or `\t`), by id, at most `limit`. */
  containing(needle: string, accept: (user: User) => boolean, limit: number | null): User[] {
    const found: User[] = [];
    if (needle === '' || /[\n\t]/.test(needle)) return found;
    let from = 0;
    let lastIndex = -1;
    while (limit === null || found.length < limit) {
      const hit = this.#text.indexOf(needle, from);
      if (hit < 0) break;
      const index = this.#entryAt(hit);
      const user = this.#users[index] as User;
      if (index !== lastIndex && accept(user)) found.push(user);
      lastIndex = index;
      // On to the next user's entry: one hit per user.
      from = index + 1 < this.#starts.length ? (this.#starts[index + 1] as number) : this.#text.length;
    }
    return found;
  }

  #entryAt(position: number): number {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.#starts[middle] as number) <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
