/**
 * Text::ParseWords's parse_line, which Quicksearch.pm splits a query with: the pieces of `line`
 * between matches of `delimiter` (a regular expression), quoted strings kept whole; `keep` leaves
 * quotes and backslashes in. A piece may be undefined (a delimiter at the very end); badly quoted
 * text gives no pieces at all. Quicksearch.pm's own _parse_line wrapper first hides the apostrophes
 * of contractions (`don't`) so that only quotes at the edges of words quote.
 */
export function parseLine(delimiter: string, keep: boolean, line: string | undefined): Array<string | undefined> {
  if (line === undefined) return [];
  const hidden = line
    .replace(/(^|\s|:)'/g, '$1\u0001')
    .replace(/'($|\s)/g, '\u0001$1')
    .replace(/\\?'/g, '\u0000')
    .replaceAll('\u0001', "'");
  return perlParseLine(delimiter, keep, hidden).map((word) => word?.replaceAll('\u0000', "'"));
}

const cache = new Map<string, RegExp>();

function piecePattern(delimiter: string): RegExp {
  let pattern = cache.get(delimiter);
  if (pattern === undefined) {
    pattern = new RegExp(
      `^(?:(")((?:[^\\\\"]|\\\\[\\s\\S])*)"|(')((?:[^\\\\']|\\\\[\\s\\S])*)'|((?:\\\\[\\s\\S]|[^\\\\"'])*?)($|(?:${delimiter})|(?!^)(?=["'])))`,
    );
    cache.set(delimiter, pattern);
  }
  return pattern;
}

/** Text::ParseWords::parse_line itself. */
function perlParseLine(delimiter: string, keep: boolean, text: string): Array<string | undefined> {
  const pattern = piecePattern(delimiter);
  const pieces: Array<string | undefined> = [];
  let word: string | undefined;
  let line = text;
  while (line.length > 0) {
    const match = pattern.exec(line);
    if (match === null) return [];
    line = line.slice(match[0].length);
    const quote = match[1] ?? match[3];
    let quoted = match[1] !== undefined ? (match[2] as string) : match[4];
    let unquoted = match[5] ?? '';
    const delim = match[6] ?? '';
    if (quote === undefined && unquoted.length === 0 && delim.length === 0) return [];
    if (keep) {
      quoted = `${quote}${quoted}${quote}`;
    } else {
      unquoted = unquoted.replace(/\\([\s\S])/g, '$1');
      if (quote === '"') quoted = (quoted as string).replace(/\\([\s\S])/g, '$1');
    }
    word = (word ?? '') + (quote !== undefined ? (quoted as string) : unquoted);
    if (delim.length > 0) {
      pieces.push(word);
      word = undefined;
    }
    if (line.length === 0) pieces.push(word);
  }
  return pieces;
}
