/** 5.2's MAX_LOGIN_ATTEMPTS and LOGIN_LOCKOUT_INTERVAL: five failures from one address within 30 minutes lock it out. */
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOCKOUT_SECONDS = 30 * 60;

/**
 * Failed password logins, per user and address (5.2's `login_failure` table).
 * Kept in memory: a restart forgives them, which a test double can afford.
 * `elsewhere` adds failures another program recorded (a Bugzilla's own
 * login_failure rows, --bugzilla-schema), which this one cannot delete: a
 * successful login here forgets those it saw up to then instead.
 */
export class LoginFailures {
  readonly #times = new Map<string, number[]>();
  readonly #clearedAt = new Map<string, number>();

  /** The failures of `userId` from `ip` within the lock-out interval before `now` (epoch seconds), oldest first. */
  recent(userId: number, ip: string, now: number, elsewhere: readonly number[] = []): number[] {
    const since = Math.max(now - LOCKOUT_SECONDS, this.#clearedAt.get(key(userId, ip)) ?? Number.NEGATIVE_INFINITY);
    const times = [...(this.#times.get(key(userId, ip)) ?? []), ...elsewhere.filter((at) => at > since)];
    return times.filter((at) => at > now - LOCKOUT_SECONDS).sort((a, b) => a - b);
  }

  isLockedOut(userId: number, ip: string, now: number, elsewhere: readonly number[] = []): boolean {
    return this.recent(userId, ip, now, elsewhere).length >= MAX_LOGIN_ATTEMPTS;
  }

  note(userId: number, ip: string, now: number): void {
    const times = this.recent(userId, ip, now);
    times.push(now);
    this.#times.set(key(userId, ip), times);
  }

  /**
   * A successful login clears the user's failures from that address only, as 5.2 does
   * (Bugzilla::User::clear_login_failures: `DELETE ... WHERE user_id = ? AND ip_addr = ?`).
   */
  clear(userId: number, ip: string, now: number): void {
    this.#times.delete(key(userId, ip));
    this.#clearedAt.set(key(userId, ip), now);
  }

  /** Forgets every failure (an admin reset). */
  clearAll(): void {
    this.#times.clear();
    this.#clearedAt.clear();
  }

  /** When a locked-out address may try again: the 5th-from-last failure plus the interval. */
  unlockAt(userId: number, ip: string, now: number, elsewhere: readonly number[] = []): number {
    const times = this.recent(userId, ip, now, elsewhere);
    return (times[times.length - MAX_LOGIN_ATTEMPTS] ?? now) + LOCKOUT_SECONDS;
  }
}

function key(userId: number, ip: string): string {
  return `${userId} ${ip}`;
}
