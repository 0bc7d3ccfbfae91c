import type { Read } from '../read.js';

/** 5.2's MAX_LOGIN_ATTEMPTS and LOGIN_LOCKOUT_INTERVAL: five failures from one address within 30 minutes lock it out. */
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOCKOUT_SECONDS = 30 * 60;

/**
 * Failed password logins, per user and address (5.2's `login_failure` table). Each store keeps
 * its own (`Store.loginFailures`): in memory for the file store (one process), in a table for
 * PostgreSQL, so every instance on one database counts the same failures and a restart keeps them.
 * Times are epoch seconds on the server's clock.
 */
export interface LoginFailures {
  /** The failures of `userId` from `ip` within the lock-out interval before `now`, oldest first. */
  recent(userId: number, ip: string, now: number): Read<number[]>;
  /** Records a failure; expired ones may go with it (5.2 keeps them, but they never count again). */
  note(userId: number, ip: string, now: number): Read<void>;
  /**
   * A successful login clears the user's failures from that address only, as 5.2 does
   * (Bugzilla::User::clear_login_failures: `DELETE ... WHERE user_id = ? AND ip_addr = ?`).
   */
  clear(userId: number, ip: string, now: number): Read<void>;
  /** Forgets every failure (an admin reset). */
  clearAll(): Read<void>;
}

export function isLockedOut(recent: readonly number[]): boolean {
  return recent.length >= MAX_LOGIN_ATTEMPTS;
}

/** When a locked-out address may try again: the 5th-from-last failure plus the interval. */
export function unlockAt(recent: readonly number[], now: number): number {
  return (recent[recent.length - MAX_LOGIN_ATTEMPTS] ?? now) + LOCKOUT_SECONDS;
}
