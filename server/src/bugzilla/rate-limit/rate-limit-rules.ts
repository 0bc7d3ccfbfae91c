/**
 * BMO's rate limits as its parameters say them (Bugzilla/Config/Admin.pm): `rate_limit_active`
 * turns them on, `rate_limit_rules` is a JSON object of `name: [max, seconds]`. BMO has them on
 * by default; here they are opt-in (a fixture's parameters say `rate_limit_active: "1"`), so
 * a test double never refuses a client that did not ask for it. The rules default to BMO's.
 */

/** A rule: at most `max` calls in `seconds` (Bugzilla/Memcached.pm should_rate_limit). */
export interface RateLimitRule {
  max: number;
  seconds: number;
}

/**
 * `default_rate_limit_rules` of Bugzilla/Config/Admin.pm, as its Perl hash keeps them (its
 * `github` is listed twice: the later [5, 60] wins).
 */
const BMO_DEFAULT_RATE_LIMIT_RULES = JSON.stringify({
  get_bug: [75, 60],
  show_bug: [75, 60],
  get_attachments: [75, 60],
  get_comments: [75, 60],
  webpage_errors: [75, 60],
  token_mismatch: [5, 60],
  github: [5, 60],
  create_account: [5, 60],
  email_change: [5, 60],
  password_reset: [5, 60],
  cancel_token: [5, 60],
  api_key_mismatch: [5, 60],
  mfa_mismatch: [5, 60],
  csp_report: [100, 60],
});

/** The rules BMO's editparams.cgi refuses to be without (check_rate_limit_rules's @required). */
const REQUIRED = ['show_bug', 'github', 'get_bug', 'get_attachments', 'get_comments', 'webpage_errors'];

/** Perl's looks_like_number, for what decode_json can give: a number, or a string that reads as one. */
const looksLikeNumber = (value: unknown) =>
  typeof value === 'number' ||
  (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value));

/** BMO's check_rate_limit_rules: its message for rules it refuses, or undefined when they are good. */
export function rateLimitRulesProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'failed to parse JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'value is not HASH';
  const rules = Object.values(value);
  if (!rules.every((rule) => Array.isArray(rule) && looksLikeNumber(rule[0]) && looksLikeNumber(rule[1]))) {
    return 'rules are invalid';
  }
  const missing = REQUIRED.find((name) => !Object.hasOwn(value, name));
  return missing === undefined ? undefined : `missing ${missing}`;
}

/** The rules in force, by name, or undefined when rate limits are off (`rate_limit_active` is not "1"). */
export function activeRateLimitRules(
  parameters: Readonly<Record<string, string>>,
): Map<string, RateLimitRule> | undefined {
  if (!isTrue(parameters.rate_limit_active)) return undefined;
  const text = parameters.rate_limit_rules ?? BMO_DEFAULT_RATE_LIMIT_RULES;
  // Refused when the data set was loaded (fixture/instance.ts): what reaches here parses.
  const parsed = JSON.parse(rateLimitRulesProblem(text) === undefined ? text : BMO_DEFAULT_RATE_LIMIT_RULES) as Record<
    string,
    [number | string, number | string]
  >;
  return new Map(
    Object.entries(parsed).map(([name, [max, seconds]]) => [name, { max: Number(max), seconds: Number(seconds) }]),
  );
}

/** A boolean parameter as Perl reads it: anything but '', '0' and absent is true. */
function isTrue(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0';
}
