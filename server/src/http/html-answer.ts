/**
 * What Bugzilla 5.x answers a browser: the JSON pretty-printed in an HTML page
 * (Bugzilla/WebService/Server/REST.pm `response`, template rest.html.tmpl), with
 * the status the JSON would have had. Recorded from 5.2: server/test-data/bugzilla-5.2/accept-html.md.
 */

/** REST.pm's REST_CONTENT_TYPE_WHITELIST, in its order: the first wins a tie, and when no Accept matches. */
const WHITELIST = ['application/json', 'application/javascript', 'text/javascript', 'text/html'];

/**
 * Whether 5.x's content negotiation (`_best_content_type`) picks text/html for this Accept header:
 * the header's types in order of q (then position), each whitelisted type scored by its rank there
 * (exact names only: `*` / `*` matches none), the highest score winning, ties to the whitelist's order.
 */
export function negotiatesHtml(accept: string | undefined): boolean {
  if (accept === undefined || !accept.includes('text/html')) return false;
  const ranked = rankedAcceptTypes(accept);
  const score = (type: string) => {
    const at = ranked.indexOf(type);
    return at < 0 ? 0 : ranked.length - at;
  };
  let best = WHITELIST[0] as string;
  for (const type of WHITELIST) if (score(type) > score(best)) best = type;
  return best === 'text/html';
}

/** `_get_content_prefs`: names by q (an explicit q, else 1 less 0.001 per unweighted type), then position. */
function rankedAcceptTypes(accept: string): string[] {
  let defaultWeight = 1;
  const prefs: Array<{ name: string; score: number; order: number }> = [];
  for (const part of accept.split(',')) {
    const name = /(\S+\/[^;]+)/.exec(part)?.[1];
    if (!name) continue;
    const weight = /q=(\d\.\d+|\d+)/.exec(part)?.[1];
    let score = defaultWeight;
    if (weight === undefined) defaultWeight -= 0.001;
    else score = Number(weight);
    prefs.push({ name, score, order: prefs.length });
  }
  return prefs.sort((a, b) => b.score - a.score || a.order - b.order).map((pref) => pref.name);
}

/** The stylesheet's modification time that 5.2's `mtime` filter appends (release-5.2's global.css, as recorded). */
const STYLESHEET_MTIME = 1725376744;

/** rest.html.tmpl filled in: `value` as JSON::XS `pretty->canonical` writes it, HTML-escaped. */
export function htmlAnswer(value: unknown, urlbase: string): string {
  return `<!DOCTYPE html>
<html>
  <head>
    <title>Bugzilla::REST::API</title>
    <link href="${escapeHtml(urlbase)}skins/standard/global.css?${STYLESHEET_MTIME}"
          rel="stylesheet" type="text/css">
  </head>
  <body>
    <pre>${escapeHtml(`${perlPrettyJson(value, '')}\n`)}</pre>
  </body>
</html>`;
}

/** JSON::XS's pretty output: three-space indent, ` : ` between key and value, keys sorted. */
export function perlPrettyJson(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}   `;
    return `[\n${value.map((item) => inner + perlPrettyJson(item ?? null, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort();
    if (keys.length === 0) return '{}';
    const inner = `${indent}   `;
    const members = keys.map(
      (key) => `${inner}${JSON.stringify(key)} : ${perlPrettyJson((value as Record<string, unknown>)[key], inner)}`,
    );
    return `{\n${members.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Template Toolkit's `html` filter. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
