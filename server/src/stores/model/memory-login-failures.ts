import { afterRead, type Read } from '../../bugzilla/read.js';
import { LOCKOUT_SECONDS, type LoginFailures } from '../../bugzilla/user/login-failures.js';

/**
 * Failures another program recorded in the store's database (a Bugzilla's own login_failure rows),
 * of `userId` from `ip` after `since`: they count, but are not this server's to delete.
 */
export type FailuresElsewhere = (userId: number, ip: string, since: number) => Read<number[]>;

/**
 * Login failures in this process's memory: for the file and memory stores, whose data one process
 * serves. A restart forgives them. Failures `elsewhere` count until a successful login here, which
 * forgets those it saw up to then instead of deleting them.
 */
export class MemoryLoginFailures implements LoginFailures {
  readonly #times = new Map<string, number[]>();
  readonly #clearedAt = new Map<string, number>();
  readonly #elsewhere: FailuresElsewhere | undefined;

  constructor(elsewhere?: FailuresElsewhere) {
    this.#elsewhere = elsewhere;
  }

  recent(userId: number, ip: string, now: number): Read<number[]> {
    const since = now - LOCKOUT_SECONDS;
    const ours = (this.#times.get(key(userId, ip)) ?? []).filter((at) => at > since);
    if (!this.#elsewhere) return ours;
    const clearedAt = this.#clearedAt.get(key(userId, ip)) ?? Number.NEGATIVE_INFINITY;
    return afterRead(this.#elsewhere(userId, ip, Math.max(since, clearedAt)), (theirs) =>
      [...ours, ...theirs.filter((at) => at > since && at > clearedAt)].sort((a, b) => a - b),
    );
  }

  note(userId: number, ip: string, now: number): void {
    const times = (this.#times.get(key(userId, ip)) ?? []).filter((at) => at > now - LOCKOUT_SECONDS);
    times.push(now);
    this.#times.set(key(userId, ip), times);
  }

  clear(userId: number, ip: string, now: number): void {
    this.#times.delete(key(userId, ip));
    if (this.#elsewhere) this.#clearedAt.set(key(userId, ip), now);
  }

  clearAll(): void {
    this.#times.clear();
    this.#clearedAt.clear();
  }
}

function key(userId: number, ip: string): string {
  return `${userId} ${ip}`;
}
