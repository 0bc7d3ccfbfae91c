import type { BodyParams } from '../../bugzilla/body-params.js';

/** Members of a write's body that are credentials or the field filter, not the method's parameters. */
const NOT_PARAMS: ReadonlySet<string> = new Set([
  'Bugzilla_api_key',
  'Bugzilla_login',
  'Bugzilla_password',
  'Bugzilla_token',
  'api_key',
  'include_fields',
  'exclude_fields',
]);

/** A write's own parameters from its body (credentials, the field filter and `leaveOut` aside). */
export function writeParams(body: BodyParams | null, leaveOut: readonly string[] = []): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body ?? {})) {
    if (!NOT_PARAMS.has(name) && !leaveOut.includes(name)) params[name] = value;
  }
  return params;
}
