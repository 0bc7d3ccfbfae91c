import { errors } from '../errors.js';
import { activeRateLimitRules, type RateLimitRule } from './rate-limit-rules.js';

/** How long an address that went over a limit is blocked: BLOCK_TIMEOUT of Bugzilla/App/Plugin/BlockIP.pm. */
export const BLOCK_SECONDS = 60 * 60;

/** Beyond this many windows or blocks, the stale ones are swept out before another is added. */
const SWEEP_AT = 10_000;

/**
 * BMO's rate limits, in memory as BMO keeps them in memcached (so per server process, as each
 * of BMO's web heads shares one memcached): Bugzilla->check_rate_limit (Bugzilla.pm) over
 * Bugzilla::Memcached's should_rate_limit, and Bugzilla::App::Plugin::BlockIP's hour-long
 * block of an address that went over one. Times are epoch seconds of the server's clock.
 */
export class RateLimits {
  /** `name:identifier` -> calls per second of the window. */
  readonly #windows = new Map<string, Map<number, number>>();
  /** Address -> the second its block ends. */
  readonly #blocked = new Map<string, number>();
  /** The instance's parameters, as they are now. */
  readonly #parametersNow: () => Readonly<Record<string, string>>;
  /** The parameters the counts were made under: another data set (an admin reset) starts afresh. */
  #parameters: object | undefined;

  constructor(parameters: () => Readonly<Record<string, string>>) {
    this.#parametersNow = parameters;
  }

  /** Whether any address is blocked (most servers never block one: their requests ask nothing more). */
  get blocksAny(): boolean {
    if (this.#blocked.size === 0) return false;
    return this.#current() && this.#blocked.size > 0;
  }

  /**
   * BlockIP's before_routes: whether `ip` is blocked now. A blocked request blocks it again
   * for the whole hour (the plugin calls block_ip before answering 429).
   */
  isBlocked(ip: string, now: number): boolean {
    const until = this.#blocked.get(ip);
    if (until === undefined) return false;
    if (until <= now) {
      this.#blocked.delete(ip);
      return false;
    }
    this.#blocked.set(ip, now + BLOCK_SECONDS);
    return true;
  }

  /**
   * Bugzilla->check_rate_limit(name, identifier): counts this call against the rule `name` of the
   * instance's `rate_limit_rules` when `rate_limit_active` is on; over the limit, the address is
   * blocked and the call refused with BMO's `rate_limit` error. No rule of that name: no limit
   * (BMO warns "no rules for $name!" and lets it through).
   */
  check(name: string, identifier: string, ip: string, now: number): void {
    this.#current();
    const rule = activeRateLimitRules(this.#parametersNow())?.get(name);
    if (!rule || !this.#shouldRateLimit(`${name}:${identifier}`, rule, now)) return;
    if (this.#blocked.size >= SWEEP_AT) this.#sweepBlocks(now);
    this.#blocked.set(ip, now + BLOCK_SECONDS);
    throw errors.rateLimit();
  }

  /**
   * should_rate_limit: one counter per second, the window being this second and the `seconds`
   * before it. The calls already counted there are compared with the limit; a call within it is
   * counted, one over it is not.
   */
  #shouldRateLimit(key: string, { max, seconds }: RateLimitRule, now: number): boolean {
    let window = this.#windows.get(key);
    if (!window) {
      if (this.#windows.size >= SWEEP_AT) this.#sweepWindows(now);
      window = new Map();
      this.#windows.set(key, window);
    }
    let counted = 0;
    for (const [second, calls] of window) {
      if (second < now - seconds) window.delete(second);
      else counted += calls;
    }
    if (counted >= max) return true;
    window.set(now, (window.get(now) ?? 0) + 1);
    return false;
  }

  /** Forgets what was counted under other parameters (another data set); true. */
  #current(): true {
    const parameters = this.#parametersNow();
    if (parameters !== this.#parameters) {
      this.#parameters = parameters;
      this.#windows.clear();
      this.#blocked.clear();
    }
    return true;
  }

  #sweepWindows(now: number): void {
    // A window whose newest second is over a day old has nothing left in any rule's range.
    for (const [key, window] of this.#windows) {
      if (Math.max(...window.keys()) < now - 86_400) this.#windows.delete(key);
    }
  }

  #sweepBlocks(now: number): void {
    for (const [ip, until] of this.#blocked) if (until <= now) this.#blocked.delete(ip);
  }
}
