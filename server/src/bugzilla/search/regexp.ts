import { searchErrors } from './search-errors.js';

/*
 * PostgreSQL's regular expressions (AREs), which Search.pm's regexp operators (and its whole-word
 * tests) hand to `~*`: 5.2 first asks the database whether the pattern compiles (DB.pm's
 * bz_check_regexp) and refuses it with the database's own message. Here the pattern is checked as
 * PostgreSQL checks it, and turned into a JavaScript RegExp for the stores that match in memory.
 */

/** The POSIX classes of bracket expressions, as Unicode classes. */
const CLASSES: Readonly<Record<string, string>> = {
  alpha: '\\p{L}',
  digit: '\\p{Nd}',
  alnum: '\\p{L}\\p{N}',
  upper: '\\p{Lu}',
  lower: '\\p{Ll}',
  space: '\\s',
  blank: ' \\t',
  punct: '\\p{P}\\p{S}',
  print: '\\P{C}',
  graph: '\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}',
  cntrl: '\\p{Cc}',
  xdigit: '0-9A-Fa-f',
  word: '\\p{L}\\p{N}_',
};

const WORD = '[\\p{L}\\p{N}_]';
const ESCAPES: Readonly<Record<string, string>> = {
  d: '\\p{Nd}',
  D: '\\P{Nd}',
  s: '\\s',
  S: '\\S',
  w: WORD,
  W: '[^\\p{L}\\p{N}_]',
  y: `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`,
  Y: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`,
  m: `(?<!${WORD})(?=${WORD})`,
  M: `(?<=${WORD})(?!${WORD})`,
  A: '^',
  Z: '$',
  a: '\\x07',
  b: '\\x08',
  e: '\\x1b',
  f: '\\f',
  n: '\\n',
  r: '\\r',
  t: '\\t',
  v: '\\v',
};

class PatternError extends Error {}

const literal = (char: string) => (/[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char);
const classLiteral = (char: string) => (/[\\\][^-]/.test(char) ? `\\${char}` : char);

/** Reads an ARE left to right into the JavaScript pattern, checking it as PostgreSQL's regcomp does. */
class Translator {
  readonly #pattern: string;
  i = 0;
  out = '';
  caseless = true;
  #groups = 0;
  #depth = 0;
  /** Whether what came last can take a quantifier. */
  #operand = false;

  constructor(pattern: string) {
    this.#pattern = pattern;
  }

  run(): { source: string; caseless: boolean } {
    const pattern = this.#pattern;
    this.#options();
    while (this.i < pattern.length) {
      const char = pattern[this.i] as string;
      if (char === '\\') this.#escape();
      else if (char === '[') {
        const end = bracket(pattern, this.i);
        this.out += end.source;
        this.i = end.next;
        this.#operand = true;
      } else if (char === '(') this.#open();
      else if (char === ')') this.#close();
      else if ('*+?'.includes(char) || (char === '{' && /^\{\d/.test(pattern.slice(this.i)))) this.#quantifier(char);
      else this.#plain(char);
    }
    if (this.#depth !== 0) throw new PatternError('parentheses () not balanced');
    return { source: this.out, caseless: this.caseless };
  }

  /** `(?bceimnpqstwx)` at the very start: embedded options (only c and i change what matches here). */
  #options(): void {
    const options = /^\(\?([a-z]*)\)/.exec(this.#pattern);
    if (!options) return;
    for (const option of options[1] as string) {
      if (!'bceimnpqstwx'.includes(option)) throw new PatternError('invalid embedded option');
      if (option === 'c') this.caseless = false;
      if (option === 'i') this.caseless = true;
    }
    this.i = options[0].length;
  }

  #escape(): void {
    const next = this.#pattern[this.i + 1];
    if (next === undefined) throw new PatternError('invalid escape \\ sequence');
    this.i += 2;
    if (/[1-9]/.test(next)) {
      if (Number(next) > this.#groups) throw new PatternError('invalid backreference number');
      this.out += `\\${next}`;
    } else if (/[A-Za-z0-9]/.test(next)) {
      const translated = ESCAPES[next];
      if (translated === undefined) throw new PatternError('invalid escape \\ sequence');
      this.out += translated;
    } else {
      this.out += literal(next);
    }
    this.#operand = !'AZmMyY'.includes(next);
  }

  #open(): void {
    const look = /^\(\?(?:[:=!]|<=|<!)/.exec(this.#pattern.slice(this.i));
    if (look) {
      this.out += look[0];
      this.i += look[0].length;
    } else {
      if (this.#pattern[this.i + 1] === '?') throw new PatternError('quantifier operand invalid');
      this.#groups++;
      this.out += '(';
      this.i++;
    }
    this.#depth++;
    this.#operand = false;
  }

  #close(): void {
    if (this.#depth === 0) throw new PatternError('parentheses () not balanced');
    this.#depth--;
    this.out += ')';
    this.i++;
    this.#operand = true;
  }

  #quantifier(char: string): void {
    if (!this.#operand) throw new PatternError('quantifier operand invalid');
    let quantifier = char;
    if (char === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.#pattern.slice(this.i));
      if (braces === null) throw new PatternError('braces {} not balanced');
      const low = Number(braces[1]);
      const high = braces[3] === undefined || braces[3] === '' ? low : Number(braces[3]);
      if (low > 255 || high > 255 || low > high) throw new PatternError('invalid repetition count(s)');
      quantifier = braces[0];
    }
    this.i += quantifier.length;
    if (this.#pattern[this.i] === '?') {
      quantifier += '?';
      this.i++;
    }
    this.out += quantifier;
    this.#operand = false;
  }

  #plain(char: string): void {
    if (char === '|' || char === '^' || char === '$') {
      this.out += char;
      this.#operand = false;
    } else {
      this.out += char === '.' ? '[^]' : literal(char);
      this.#operand = true;
    }
    this.i++;
  }
}

/** The pattern as JavaScript reads it (flags `u`, and `i` unless it asks for case), or PostgreSQL's error. */
function translate(pattern: string): { source: string; caseless: boolean } {
  return new Translator(pattern).run();
}

/** A bracket expression from `start` (`[`): its JavaScript class and where it ends. */
function bracket(pattern: string, start: number): { source: string; next: number } {
  let i = start + 1;
  let out = '[';
  if (pattern[i] === '^') {
    out += '^';
    i++;
  }
  if (pattern.startsWith('[:<:]]', i - 1) && out === '[') return { source: `(?<!${WORD})(?=${WORD})`, next: i + 6 };
  if (pattern.startsWith('[:>:]]', i - 1) && out === '[') return { source: `(?<=${WORD})(?!${WORD})`, next: i + 6 };
  let first = true;
  let previous: string | undefined;
  while (i < pattern.length) {
    const char = pattern[i] as string;
    if (char === ']' && !first) return { source: `${out}]`, next: i + 1 };
    first = false;
    if (char === '[' && pattern[i + 1] === ':') {
      const end = pattern.indexOf(':]', i + 2);
      if (end === -1) throw new PatternError('brackets [] not balanced');
      const cls = CLASSES[pattern.slice(i + 2, end)];
      if (cls === undefined) throw new PatternError('invalid character class');
      out += cls;
      i = end + 2;
      previous = undefined;
      continue;
    }
    if (char === '-' && previous !== undefined && pattern[i + 1] !== undefined && pattern[i + 1] !== ']') {
      const to = pattern[i + 1] as string;
      if ((to.codePointAt(0) as number) < (previous.codePointAt(0) as number)) {
        throw new PatternError('invalid character range');
      }
      out += `-${classLiteral(to)}`;
      i += 2;
      previous = undefined;
      continue;
    }
    out += classLiteral(char);
    previous = char;
    i++;
  }
  throw new PatternError('brackets [] not balanced');
}

/** How 5.2's message shows the value: as PostgreSQL quotes it (E'' when it holds a backslash). */
function quoted(value: string): string {
  const body = value.replace(/'/g, "''");
  return value.includes('\\') ? `E'${body.replace(/\\/g, '\\\\')}'` : `'${body}'`;
}

/** bz_check_regexp: the pattern compiles, or 5.2's illegal_regexp. */
export function checkRegexp(pattern: string): void {
  compileRegexp(pattern, true);
}

const compiled = new Map<string, RegExp>();

/** The pattern as a JavaScript RegExp matching as `~*` does (`caseless` false: as `~`). */
export function compileRegexp(pattern: string, caseless = true): RegExp {
  const key = `${caseless ? 'i' : 'c'}${pattern}`;
  let found = compiled.get(key);
  if (found) return found;
  try {
    const { source, caseless: asked } = translate(pattern);
    found = new RegExp(source, caseless && asked ? 'iu' : 'u');
  } catch (error) {
    const reason = error instanceof PatternError ? error.message : 'invalid regular expression';
    throw searchErrors.illegalRegexp(quoted(pattern), reason);
  }
  if (compiled.size > 1000) compiled.clear();
  compiled.set(key, found);
  return found;
}
