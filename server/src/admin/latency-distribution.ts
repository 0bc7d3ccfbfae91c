import type { LatencyRule } from '@bz-companion/shared';

/** The standard normal's 99th percentile: a log-normal's p99 is exp(mu + Z99 * sigma). */
const Z99 = 2.3263478740408408;

/** A source of uniform numbers in [0, 1): Math.random, or a seeded one in tests. */
export type Random = () => number;

/**
 * Draws one delay, in ms, from a rule's distribution. The log-normal one is
 * set by its median (exp(mu)) and its p99, so what a user asks for is exactly
 * what a long run measures back.
 */
export function sampleDelay(rule: LatencyRule, random: Random = Math.random): number {
  if (rule.fixed_ms !== undefined) return rule.fixed_ms;
  if (rule.uniform_ms !== undefined) {
    const { min, max } = rule.uniform_ms;
    return min + (max - min) * random();
  }
  if (rule.lognormal_ms !== undefined) {
    const { median, p99 } = rule.lognormal_ms;
    if (median === 0) return 0;
    const sigma = Math.log(p99 / median) / Z99;
    return median * Math.exp(sigma * standardNormal(random));
  }
  return 0;
}

/** Box–Muller: one standard normal from two uniforms (1 - u keeps the logarithm finite). */
function standardNormal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A seeded generator (mulberry32), for runs that must draw the same delays every time. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
