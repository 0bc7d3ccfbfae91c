import { errors } from '../bugzilla/errors.js';
import type { JsonpCallbackRule } from '../profiles/profile.js';

export const JSONP_CONTENT_TYPE = 'text/javascript; charset=UTF-8';

/**
 * The JSONP function a GET names with `?callback=`, trimmed as 5.2 trims it,
 * or undefined for none. Like 5.2's Perl test of the parameter, "" and "0"
 * mean none; a name outside the profile's rule is refused (32611).
 */
export function jsonpCallback(query: URLSearchParams, rule: JsonpCallbackRule): string | undefined {
  const value = query.get('callback');
  if (value === null || value === '' || value === '0') return undefined;
  const name = value.trim();
  if (!rule.name.test(name)) throw errors.invalidCallback(name, rule.allowed);
  return name;
}

/** 5.2's exact format; the leading comment guards against content sniffing (as Bugzilla says: Flash). */
export function wrapJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json})`;
}
