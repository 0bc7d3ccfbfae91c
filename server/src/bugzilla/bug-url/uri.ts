/** A URI reference cut into its parts as Perl's URI module cuts it (RFC 3986, appendix B). */
export interface ParsedUri {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/**
 * URI->new escapes what is not a URI character (a space, a non-ASCII letter) as UTF-8 %XX; half of a
 * UTF-16 pair, which has no UTF-8, as the replacement character.
 */
function escapeUnsafe(text: string): string {
  return text.replace(/[^A-Za-z0-9\-_.!~*'();/?:@&=+$,%#[\]]/gu, (char) =>
    /[\uD800-\uDFFF]/.test(char) ? '%EF%BF%BD' : encodeURIComponent(char),
  );
}

export function parseUri(input: string): ParsedUri {
  const text = escapeUnsafe(input);
  const match = /^(?:([a-zA-Z][a-zA-Z0-9.+-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(text);
  return {
    scheme: match?.[1],
    authority: match?.[2],
    path: match?.[3] ?? '',
    query: match?.[4],
    fragment: match?.[5],
  };
}

export function uriText(uri: ParsedUri): string {
  return (
    (uri.scheme === undefined ? '' : `${uri.scheme}:`) +
    (uri.authority === undefined ? '' : `//${uri.authority}`) +
    uri.path +
    (uri.query === undefined ? '' : `?${uri.query}`) +
    (uri.fragment === undefined ? '' : `#${uri.fragment}`)
  );
}

/** URI::QueryParam's query_param in scalar context: the first value of `name`, decoded; undefined when absent. */
export function queryParam(uri: ParsedUri, name: string): string | undefined {
  if (uri.query === undefined) return undefined;
  for (const pair of uri.query.split(/[&;]/)) {
    const at = pair.indexOf('=');
    const key = decode(at === -1 ? pair : pair.slice(0, at));
    if (key === name) return at === -1 ? '' : decode(pair.slice(at + 1));
  }
  return undefined;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
