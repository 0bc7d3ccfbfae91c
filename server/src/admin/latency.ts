import type { Latency, LatencyRule } from '@bz-companion/shared';
import { z } from 'zod';
import { AdminError } from './admin-error.js';
import { type Random, sampleDelay } from './latency-distribution.js';
import { RuleBook } from './rule-book.js';
import { checkSelector, matches, parseRule, selectorSchema } from './rule-selector.js';

const DISTRIBUTIONS = ['fixed_ms', 'uniform_ms', 'lognormal_ms'] as const;
/** Ten minutes: a delay past it is a hang, which is a fault of its own. */
const MAX_MS = 600_000;

const ms = z.number().min(0, 'must be 0 or more').max(MAX_MS, `must be at most ${MAX_MS} (10 minutes)`);

const latencyRuleSchema = z
  .strictObject({
    ...selectorSchema,
    fixed_ms: ms.optional(),
    uniform_ms: z
      .strictObject({ min: ms, max: ms })
      .refine((range) => range.min <= range.max, 'min must not be over max')
      .optional(),
    lognormal_ms: z
      .strictObject({ median: ms, p99: ms })
      .refine((shape) => shape.p99 >= shape.median, 'p99 must not be under the median')
      .optional(),
  })
  .superRefine((rule, ctx) => {
    const given = DISTRIBUTIONS.filter((name) => rule[name] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `needs exactly one of "fixed_ms", "uniform_ms" or "lognormal_ms"${given.length > 1 ? `, not ${given.map((n) => `"${n}"`).join(' and ')}` : ''}`,
      });
    }
    checkSelector(rule, ctx);
  });

/** Validates a latency rule from the admin API, the command line or startServer; AdminError (400) names the problem. */
export function parseLatencyRule(input: unknown): LatencyRule {
  return parseRule<LatencyRule>('latency', latencyRuleSchema, input);
}

/** How specific a rule's selection is: an exact path over a prefix (longer first) over any; a method adds. */
function specificity(rule: LatencyRule): number {
  const where = rule.path !== undefined ? 1e6 : rule.path_prefix !== undefined ? rule.path_prefix.length * 2 : 0;
  return where + (rule.method === undefined ? 0 : 1);
}

/** The latency rules in force. A request is delayed by the most specific matching one, the newest among equals. */
export class LatencyRules extends RuleBook<Latency, LatencyRule> {
  readonly #random: Random;

  constructor(random: Random = Math.random) {
    super('l', parseLatencyRule);
    this.#random = random;
  }

  /** The delay for this request, ms (0 when no rule selects it); the rule that gave it counts the match. */
  delayFor(method: string, path: string): number {
    let chosen: Latency | undefined;
    for (const rule of this.rules) {
      if (!matches(rule, method, path)) continue;
      if (!chosen || specificity(rule) >= specificity(chosen)) chosen = rule;
    }
    if (!chosen) return 0;
    chosen.matched++;
    return sampleDelay(chosen, this.#random);
  }
}

/**
 * `serve --latency SPEC`: a distribution, optionally `@` what it applies to.
 * `fixed:50`, `uniform:10-50`, `lognormal:40/200` (median/p99), then
 * `@/rest/bug/1`, `@/rest/bug*` (a prefix), `@GET /rest/bug*`.
 */
export function parseLatencySpec(spec: string): LatencyRule {
  const at = spec.indexOf('@');
  const distribution = at < 0 ? spec : spec.slice(0, at);
  const selector = at < 0 ? '' : spec.slice(at + 1).trim();
  const rule: Record<string, unknown> = {};
  const [kind, value = ''] = distribution.split(':');
  const numbers = value.split(/[-/]/).map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (numbers.some(Number.isNaN)) numbers.length = 0;
  if (kind === 'fixed' && numbers.length === 1) rule.fixed_ms = numbers[0];
  else if (kind === 'uniform' && numbers.length === 2) rule.uniform_ms = { min: numbers[0], max: numbers[1] };
  else if (kind === 'lognormal' && numbers.length === 2) rule.lognormal_ms = { median: numbers[0], p99: numbers[1] };
  else {
    throw new AdminError(
      400,
      `latency "${spec}": use fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN/P99, optionally @[METHOD ]PATH[*]`,
    );
  }
  if (selector !== '') {
    const [first = '', second] = selector.split(/\s+/);
    const path = second ?? first;
    if (second !== undefined) rule.method = first;
    if (path.endsWith('*')) rule.path_prefix = path.slice(0, -1);
    else rule.path = path;
  }
  return parseLatencyRule(rule);
}
