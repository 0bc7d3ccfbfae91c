import { BugzillaError } from '../errors.js';

/** Half of a surrogate pair: no character, and no UTF-8 can hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL (no PostgreSQL text column holds it), or half of a surrogate pair: text no store can keep. */
export const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Refuses a write whose parameters hold text no store can keep (PostgreSQL refuses NUL, and a lone
 * surrogate is no character), naming the parameter, before anything is changed.
 */
export function checkStorableText(params: Readonly<Record<string, unknown>>): void {
  const visit = (value: unknown, name: string, depth: number): void => {
    if (typeof value === 'string') {
      if (unstorable(value)) {
        throw new BugzillaError(
          32000,
          `The '${name}' parameter holds a character that cannot be stored (NUL or half of a surrogate pair).`,
        );
      }
    } else if (value !== null && typeof value === 'object' && depth < 32) {
      for (const [key, item] of Object.entries(value)) {
        visit(key, name, depth + 1);
        visit(item, name, depth + 1);
      }
    }
  };
  for (const [name, value] of Object.entries(params)) {
    visit(name, name, 0);
    visit(value, name, 0);
  }
}
