/** Names of this machine's loopback interface, one tracker whichever is written. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The parts of a tracker URL that decide which server it reaches. */
function address(url: string) {
  const parsed = new URL(url);
  const host = LOOPBACK.has(parsed.hostname) ? 'loopback' : parsed.hostname;
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  return { server: `${parsed.protocol}//${host}:${port}`, path: parsed.pathname };
}

/**
 * Whether two tracker URLs name the same tracker under another name:
 * `localhost` and `127.0.0.1`, or one path inside the other (a trailing
 * `index.cgi` or a page below the front page).
 */
export function sameAddress(a: string, b: string): boolean {
  const first = address(a);
  const second = address(b);
  if (first.server !== second.server) return false;
  return first.path.startsWith(second.path) || second.path.startsWith(first.path);
}
