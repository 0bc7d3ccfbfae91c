import { describe, expect, it } from 'vitest';
import { BugzillaError } from '../errors.js';
import { rateLimitRulesProblem } from './rate-limit-rules.js';
import { BLOCK_SECONDS, RateLimits } from './rate-limits.js';

const ON = { rate_limit_active: '1', rate_limit_rules: JSON.stringify(rules({ get_bug: [3, 60] })) };
const T = 1_800_000_000;

function rules(own: Record<string, [number, number]>) {
  const required = ['show_bug', 'github', 'get_bug', 'get_attachments', 'get_comments', 'webpage_errors'];
  return { ...Object.fromEntries(required.map((name) => [name, [75, 60]])), ...own };
}

/** Limits over parameters that a test may replace (as an admin reset does). */
function limitsOver(parameters: Record<string, string>) {
  const held = { parameters };
  const limits = new RateLimits(() => held.parameters);
  return Object.assign(limits, { held });
}

const calls = (limits: RateLimits, at: number, times: number) =>
  Array.from({ length: times }, () => {
    try {
      limits.check('get_bug', '10.0.0.1', '10.0.0.1', at);
      return 'ok';
    } catch (error) {
      return error instanceof BugzillaError ? `${error.code} ${error.message}` : 'thrown';
    }
  });

describe("BMO's rate limits (Bugzilla.pm check_rate_limit, Memcached.pm should_rate_limit)", () => {
  it('lets `max` calls through in the window and refuses the next with rate_limit, blocking the address', () => {
    const limits = limitsOver(ON);
    expect(calls(limits, T, 4)).toEqual(['ok', 'ok', 'ok', '32000 You have exceeded the rate limit.']);
    expect(limits.isBlocked('10.0.0.1', T + 1)).toBe(true);
    expect(limits.isBlocked('10.0.0.2', T + 1)).toBe(false);
  });

  it('counts the window as this second and the `seconds` before it', () => {
    const limits = limitsOver(ON);
    expect(calls(limits, T, 3)).toEqual(['ok', 'ok', 'ok']);
    // 60 seconds on, the calls of T are still in the window (61 one-second counters); at 61, gone.
    const later = limitsOver(ON);
    calls(later, T, 3);
    expect(calls(later, T + 61, 1)).toEqual(['ok']);
    expect(calls(limits, T + 60, 1)).toEqual(['32000 You have exceeded the rate limit.']);
  });

  it('blocks for an hour from the last blocked request (BlockIP re-blocks on each)', () => {
    const limits = limitsOver(ON);
    calls(limits, T, 4);
    expect(limits.isBlocked('10.0.0.1', T + BLOCK_SECONDS - 1)).toBe(true);
    expect(limits.isBlocked('10.0.0.1', T + 2 * BLOCK_SECONDS - 2)).toBe(true);
    expect(limits.isBlocked('10.0.0.1', T + 3 * BLOCK_SECONDS)).toBe(false);
    expect(limits.blocksAny).toBe(false);
  });

  it('does nothing unless rate_limit_active is on, and nothing for a rule it does not have', () => {
    const limits = limitsOver({ ...ON, rate_limit_active: '0' });
    expect(calls(limits, T, 10).every((answer) => answer === 'ok')).toBe(true);
    expect(() => limitsOver(ON).check('no_such_rule', 'x', 'x', T)).not.toThrow();
  });

  it("uses BMO's default rules when the instance names none (75 anonymous Bug.get a minute)", () => {
    const answers = calls(limitsOver({ rate_limit_active: '1' }), T, 76);
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(75);
    expect(answers[75]).toBe('32000 You have exceeded the rate limit.');
  });

  it('starts afresh under another data set (an admin reset)', () => {
    const limits = limitsOver(ON);
    calls(limits, T, 4);
    limits.held.parameters = { ...ON };
    expect(limits.blocksAny).toBe(false);
    expect(calls(limits, T, 1)).toEqual(['ok']);
    expect(limits.blocksAny).toBe(false);
  });

  it("refuses rules as BMO's editparams.cgi does", () => {
    expect(rateLimitRulesProblem('{')).toBe('failed to parse JSON');
    expect(rateLimitRulesProblem('[1]')).toBe('value is not HASH');
    expect(rateLimitRulesProblem(JSON.stringify(rules({ get_bug: ['x', 60] as never })))).toBe('rules are invalid');
    expect(rateLimitRulesProblem(JSON.stringify({ get_bug: [1, 2] }))).toBe('missing show_bug');
    expect(rateLimitRulesProblem(JSON.stringify(rules({ get_bug: ['5', 60] as never })))).toBeUndefined();
  });
});
