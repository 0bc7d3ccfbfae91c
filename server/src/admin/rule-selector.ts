import { type ZodType, z } from 'zod';
import { AdminError, describeFirstIssue } from './admin-error.js';

/** What a rule selects, as fault and latency rules share it: a method, and an exact path or a prefix. */
export interface RuleSelector {
  method?: string;
  path?: string;
  path_prefix?: string;
}

/** The selector's members, for a rule's schema; absent ones select any request. */
export const selectorSchema = {
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, 'must be an HTTP method such as "POST"')
    .transform((method) => method.toUpperCase())
    .optional(),
  path: z.string().startsWith('/', 'must start with "/"').optional(),
  path_prefix: z.string().startsWith('/', 'must start with "/"').optional(),
};

/** A selector names a path or a prefix, not both. */
export function checkSelector(
  rule: { path?: string | undefined; path_prefix?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (rule.path !== undefined && rule.path_prefix !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'takes "path" or "path_prefix", not both' });
  }
}

/** Validates a rule against its schema; AdminError (400) names the first problem. Members left undefined are dropped. */
export function parseRule<T extends object>(kind: string, schema: ZodType, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AdminError(400, describeFirstIssue(kind, parsed.error));
  const rule = {} as T;
  for (const [key, value] of Object.entries(parsed.data as object)) {
    if (value !== undefined) Object.assign(rule, { [key]: value });
  }
  return rule;
}

/** Whether a rule's method and path (exact or prefix) select this request; absent ones select any. */
export function matches(rule: RuleSelector, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method !== method) return false;
  if (rule.path !== undefined) return path === rule.path;
  if (rule.path_prefix !== undefined) return path.startsWith(rule.path_prefix);
  return true;
}
