import { type AdminClockState, formatBugzillaTime } from '@bz-companion/shared';
import type { Clock } from './clock.js';

/**
 * A clock a test controls: the system clock by default; set to an instant it
 * runs on from there (or stands still when frozen); advanced by seconds. The
 * database offset, when set here, overrides the instance's.
 */
export class AdjustableClock implements Clock {
  /** Added to the system clock while running. */
  #offsetMs = 0;
  /** The instant it stands at while frozen, else null. */
  #frozenAt: number | null = null;
  #dbOffsetSeconds: number | undefined;
  readonly #systemNow: () => number;

  constructor(systemNow: () => number = Date.now) {
    this.#systemNow = systemNow;
  }

  now(): number {
    return this.#frozenAt ?? this.#systemNow() + this.#offsetMs;
  }

  dbTimeOffsetSeconds(): number | undefined {
    return this.#dbOffsetSeconds;
  }

  isControlled(): boolean {
    return this.#frozenAt !== null || this.#offsetMs !== 0;
  }

  get frozen(): boolean {
    return this.#frozenAt !== null;
  }

  /** Moves to `instantMs` (frozen or running as before); null goes back to the system clock, running. */
  set(instantMs: number | null): void {
    if (instantMs === null) {
      this.#offsetMs = 0;
      this.#frozenAt = null;
    } else if (this.#frozenAt !== null) this.#frozenAt = instantMs;
    else this.#offsetMs = instantMs - this.#systemNow();
  }

  advance(seconds: number): void {
    if (this.#frozenAt !== null) this.#frozenAt += seconds * 1000;
    else this.#offsetMs += seconds * 1000;
  }

  /** Stands still at `instantMs` (`serve --clock`, `startServer({ clock })`). */
  freezeAt(instantMs: number): void {
    this.#frozenAt = instantMs;
  }

  freeze(): void {
    this.#frozenAt ??= this.now();
  }

  /** Runs on from where it stood. */
  resume(): void {
    if (this.#frozenAt === null) return;
    this.#offsetMs = this.#frozenAt - this.#systemNow();
    this.#frozenAt = null;
  }

  /** Overrides the instance's database offset; undefined returns to it. */
  setDbTimeOffset(seconds: number | undefined): void {
    this.#dbOffsetSeconds = seconds;
  }

  /** The state to show, with the database offset in effect (the instance's unless overridden). */
  state(instanceDbOffsetSeconds: number): AdminClockState {
    return {
      now: formatBugzillaTime(this.now()),
      frozen: this.frozen,
      db_time_offset_seconds: this.#dbOffsetSeconds ?? instanceDbOffsetSeconds,
    };
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an ISO 8601 instant with its zone (`2026-01-01T00:00:00Z`), or undefined if it is not one. */
export function parseInstant(text: string): number | undefined {
  if (!ISO_INSTANT.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
