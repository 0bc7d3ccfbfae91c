import { describe, expect, it } from 'vitest';
import { AdminError } from './admin-error.js';
import { LatencyRules, parseLatencyRule, parseLatencySpec } from './latency.js';
import { sampleDelay, seededRandom } from './latency-distribution.js';

/** The q-quantile of many draws (nearest rank). */
function quantile(draws: number[], q: number): number {
  const sorted = [...draws].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function draws(rule: Parameters<typeof sampleDelay>[0], count = 50_000): number[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, () => sampleDelay(rule, random));
}

describe('sampleDelay', () => {
  it('measures back a log-normal by its median and p99 (within 2 % on 50,000 draws)', () => {
    const sample = draws({ lognormal_ms: { median: 40, p99: 200 } });
    expect(quantile(sample, 0.5) / 40).toBeCloseTo(1, 1);
    expect(Math.abs(quantile(sample, 0.5) / 40 - 1)).toBeLessThan(0.02);
    expect(Math.abs(quantile(sample, 0.99) / 200 - 1)).toBeLessThan(0.02);
    expect(Math.min(...sample)).toBeGreaterThan(0);
  });

  it('keeps a uniform inside its range, evenly', () => {
    const sample = draws({ uniform_ms: { min: 10, max: 50 } });
    expect(Math.min(...sample)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...sample)).toBeLessThan(50);
    expect(Math.abs(quantile(sample, 0.5) - 30)).toBeLessThan(0.5);
  });

  it('answers a fixed delay exactly, and a median of 0 as no delay', () => {
    expect(sampleDelay({ fixed_ms: 25 })).toBe(25);
    expect(sampleDelay({ lognormal_ms: { median: 0, p99: 0 } })).toBe(0);
  });
});

describe('LatencyRules', () => {
  it('delays by the most specific rule: exact path, then longest prefix, then method, then global', () => {
    const rules = new LatencyRules();
    rules.add({ fixed_ms: 1 });
    rules.add({ path_prefix: '/rest/', fixed_ms: 2 });
    rules.add({ path_prefix: '/rest/bug', fixed_ms: 3 });
    rules.add({ method: 'post', path_prefix: '/rest/bug', fixed_ms: 4 });
    rules.add({ path: '/rest/bug/1', fixed_ms: 5 });
    expect(rules.delayFor('GET', '/show_bug.cgi')).toBe(1);
    expect(rules.delayFor('GET', '/rest/version')).toBe(2);
    expect(rules.delayFor('GET', '/rest/bug/2')).toBe(3);
    expect(rules.delayFor('POST', '/rest/bug/2')).toBe(4);
    expect(rules.delayFor('POST', '/rest/bug/1')).toBe(5);
    expect(rules.list().map((rule) => rule.matched)).toEqual([1, 1, 1, 1, 1]);
  });

  it('the newest rule wins among equally specific ones, and removed rules stop applying', () => {
    const rules = new LatencyRules();
    const old = rules.add({ fixed_ms: 1 });
    const newer = rules.add({ fixed_ms: 2 });
    expect(rules.delayFor('GET', '/')).toBe(2);
    expect(rules.delete(newer.id)).toBe(true);
    expect(rules.delayFor('GET', '/')).toBe(1);
    expect(rules.delete(newer.id)).toBe(false);
    expect(rules.clear()).toBe(1);
    expect(rules.delayFor('GET', '/')).toBe(0);
    expect(old.id).toBe('l1');
  });
});

describe('parseLatencyRule', () => {
  it.each([
    [{}, 'latency: needs exactly one of "fixed_ms", "uniform_ms" or "lognormal_ms"'],
    [
      { fixed_ms: 1, uniform_ms: { min: 1, max: 2 } },
      'latency: needs exactly one of "fixed_ms", "uniform_ms" or "lognormal_ms", not "fixed_ms" and "uniform_ms"',
    ],
    [{ fixed_ms: -1 }, 'latency.fixed_ms: must be 0 or more'],
    [{ uniform_ms: { min: 5, max: 1 } }, 'latency.uniform_ms: min must not be over max'],
    [{ lognormal_ms: { median: 50, p99: 10 } }, 'latency.lognormal_ms: p99 must not be under the median'],
    [{ fixed_ms: 1, path: '/a', path_prefix: '/b' }, 'latency: takes "path" or "path_prefix", not both'],
    [{ fixed_ms: 1, speed: 2 }, 'latency: unknown key "speed"'],
  ])('refuses %j: %s', (input, message) => {
    expect(() => parseLatencyRule(input)).toThrow(new AdminError(400, message));
  });
});

describe('parseLatencySpec (serve --latency)', () => {
  it.each([
    ['fixed:50', { fixed_ms: 50 }],
    ['uniform:10-50', { uniform_ms: { min: 10, max: 50 } }],
    ['lognormal:40/200', { lognormal_ms: { median: 40, p99: 200 } }],
    ['fixed:5@/rest/bug/1', { fixed_ms: 5, path: '/rest/bug/1' }],
    ['fixed:5@post /rest/bug*', { fixed_ms: 5, method: 'POST', path_prefix: '/rest/bug' }],
  ])('reads %s', (spec, rule) => {
    expect(parseLatencySpec(spec)).toEqual(rule);
  });

  it.each(['fixed', 'fixed:x', 'normal:5', 'uniform:5', 'lognormal:1/2/3'])('refuses %s, naming the forms', (spec) => {
    expect(() => parseLatencySpec(spec)).toThrow(/use fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN\/P99/);
  });
});
