import type { User } from '../../bugzilla/types.js';

/**
 * The users' logins and real names in lower case, indexed by their three-character pieces
 * (trigrams): a substring of three characters or more can only be in a user whose fields hold
 * every trigram of it, so a match looks at the users of its rarest trigram instead of all
 * 100,000. Built again when the users change (the model counts their changes).
 */
export class UserSearch {
  /** By id; a user's place here is the number the posting lists hold. */
  readonly #users: User[];
  readonly #logins: string[];
  readonly #names: string[];
  /** Trigram (three UTF-16 units as one number) → the places of the users holding it, ascending, each once. */
  readonly #postings = new Map<number, number[]>();

  constructor(users: Iterable<User>) {
    this.#users = [...users].sort((a, b) => a.id - b.id);
    this.#logins = this.#users.map((user) => user.login.toLowerCase());
    this.#names = this.#users.map((user) => user.realName.toLowerCase());
    for (let place = 0; place < this.#users.length; place++) {
      this.#index(this.#logins[place] as string, place);
      this.#index(this.#names[place] as string, place);
    }
  }

  /** Users whose login or real name contains `needle` (lower case), by id, at most `limit`. */
  containing(needle: string, accept: (user: User) => boolean, limit: number | null): User[] {
    const found: User[] = [];
    if (needle === '') return found;
    const candidates = needle.length < 3 ? null : this.#rarest(needle);
    const count = candidates === null ? this.#users.length : candidates.length;
    for (let i = 0; i < count && (limit === null || found.length < limit); i++) {
      const place = candidates === null ? i : (candidates[i] as number);
      const fits = (this.#logins[place] as string).includes(needle) || (this.#names[place] as string).includes(needle);
      const user = this.#users[place] as User;
      if (fits && accept(user)) found.push(user);
    }
    return found;
  }

  #index(text: string, place: number): void {
    for (let at = 0; at + 3 <= text.length; at++) {
      const key = trigram(text, at);
      const list = this.#postings.get(key);
      if (!list) this.#postings.set(key, [place]);
      else if (list[list.length - 1] !== place) list.push(place);
    }
  }

  /** The shortest posting list among the needle's trigrams (empty when one of them is nowhere). */
  #rarest(needle: string): readonly number[] {
    let best: readonly number[] | undefined;
    for (let at = 0; at + 3 <= needle.length; at++) {
      const list = this.#postings.get(trigram(needle, at));
      if (!list) return [];
      if (best === undefined || list.length < best.length) best = list;
    }
    return best ?? [];
  }
}

const trigram = (text: string, at: number) =>
  text.charCodeAt(at) * 0x1_0000_0000 + text.charCodeAt(at + 1) * 0x1_0000 + text.charCodeAt(at + 2);
