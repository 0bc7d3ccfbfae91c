/**
 * A text as Perl reads it as a number (`$x == 0`, `$x > $max`): leading white space, then the longest
 * number it starts with; `inf`/`nan` as such; anything else 0. Bug.search compares `limit` so.
 */
export function perlNumber(text: string): number {
  // A reference reads as its address.
  const reference = /^[A-Z]+\(0x([0-9a-f]+)\)$/.exec(text);
  if (reference) return Number.parseInt(reference[1] as string, 16);
  const match = /^\s*([+-]?)(?:(inf(?:inity)?)|(nan)|((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))/i.exec(text);
  if (match === null) return 0;
  const [, sign, infinity, nan, digits] = match;
  if (nan !== undefined) return Number.NaN;
  const magnitude = infinity !== undefined ? Number.POSITIVE_INFINITY : Number(digits);
  return sign === '-' ? -magnitude : magnitude;
}

/** Bugzilla::Util's detaint_natural: only digits. */
export function isNatural(text: string | undefined): text is string {
  return text !== undefined && /^\d+$/.test(text);
}
