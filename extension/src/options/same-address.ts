/**
 * The host a URL reaches, with this machine's loopback names made one
 * (`localhost`, `127.x.y.z`, `[::1]`) and a trailing dot dropped.
 */
function server(parsed: URL): string {
  const host = parsed.hostname.replace(/\.$/, '');
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i.test(host)
    ? 'loopback'
    : host;
}

/** The port a URL reaches; a default port is `default`, so `http://h/` and `https://h/` meet (one redirects to the other). */
const port = (parsed: URL) => parsed.port || 'default';

/**
 * Whether two tracker URLs name the same tracker under another name:
 * `localhost` and `127.0.0.1`, `http` and `https` on their default ports,
 * or one path inside the other (a trailing `index.cgi` or a page below the
 * front page). Returns what makes them one, for the refusal to say, or null.
 */
export function sameAddress(a: string, b: string): string | null {
  const first = new URL(a);
  const second = new URL(b);
  if (server(first) !== server(second) || port(first) !== port(second)) return null;
  if (!first.pathname.startsWith(second.pathname) && !second.pathname.startsWith(first.pathname)) return null;
  if (server(first) === 'loopback' && first.hostname !== second.hostname) {
    return `${first.hostname} and ${second.hostname} are both this computer`;
  }
  if (first.protocol !== second.protocol) return 'http and https reach the same server';
  if (first.pathname !== second.pathname) return `${longer(first, second)} is a page of the tracker, not another one`;
  return 'the same address';
}

const longer = (a: URL, b: URL) => (a.pathname.length > b.pathname.length ? a.pathname : b.pathname);
