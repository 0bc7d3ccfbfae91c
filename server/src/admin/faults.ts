import type { Fault, FaultRule } from '@bz-companion/shared';
import { z } from 'zod';
import { RuleBook } from './rule-book.js';
import { checkSelector, matches, parseRule, selectorSchema } from './rule-selector.js';

const ACTIONS = ['status', 'delay_ms', 'reset', 'hang'] as const;

const faultRuleSchema = z
  .strictObject({
    ...selectorSchema,
    times: z.number().int('must be a whole number').positive('must be at least 1').optional(),
    status: z
      .number()
      .int('must be a whole number')
      .min(200, 'must be from 200 to 599')
      .max(599, 'must be from 200 to 599')
      .optional(),
    body: z.json().optional(),
    delay_ms: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(600_000, 'must be at most 600000 (10 minutes)')
      .optional(),
    reset: z.literal(true, 'must be true').optional(),
    hang: z.literal(true, 'must be true').optional(),
  })
  .superRefine((rule, ctx) => {
    const actions = ACTIONS.filter((action) => rule[action] !== undefined);
    if (actions.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          actions.length === 0
            ? 'needs one of "status", "delay_ms", "reset" or "hang"'
            : `takes one of "status", "delay_ms", "reset" or "hang", not ${actions.map((a) => `"${a}"`).join(' and ')}`,
      });
    }
    checkSelector(rule, ctx);
    if (rule.body !== undefined && rule.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'is only for a "status" fault' });
    }
  });

/** Validates a fault rule from the admin API or startServer; AdminError (400) names the problem. */
export function parseFaultRule(input: unknown): FaultRule {
  return parseRule<FaultRule>('fault', faultRuleSchema, input);
}

/**
 * The fault rules in force, oldest first. A request takes the first rule that
 * matches its method and path; a rule with `times` goes after that many.
 */
export class FaultRules extends RuleBook<Fault, FaultRule> {
  constructor() {
    super('f', parseFaultRule);
  }

  /** The rule that applies to this request, counted as matched (and removed when used up). */
  take(method: string, path: string): Fault | undefined {
    const index = this.rules.findIndex((fault) => matches(fault, method, path));
    const fault = this.rules[index];
    if (!fault) return undefined;
    fault.matched++;
    if (fault.times !== undefined && fault.matched >= fault.times) this.rules.splice(index, 1);
    return { ...fault };
  }
}
