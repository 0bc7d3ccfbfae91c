/**
 * Turns what a person pastes as their tracker's address into the base URL
 * every REST path is resolved against: `https://host/bugzilla/`.
 * Accepts a missing scheme, a missing or extra trailing slash, a pasted
 * `/rest` or `/rest.cgi` suffix, a page such as `show_bug.cgi?id=1`, a query
 * or a fragment.
 */
export function normalizeBaseUrl(input: string): string {
  let text = input.trim();
  if (text === '') throw new TypeError('bz-companion: the tracker URL is empty');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const local = /^(localhost|127\.|\[::1\])/i.test(text);
    text = `${local ? 'http' : 'https'}://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`bz-companion: '${input}' is not a valid tracker URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`bz-companion: the tracker URL must use http or https, not ${url.protocol}`);
  }
  url.search = '';
  url.hash = '';
  url.username = '';
  url.password = '';
  let path = url.pathname.replace(/\/+$/, '');
  path = path.replace(/\/[^/]+\.cgi$/i, '');
  path = path.replace(/\/rest(\.cgi)?(\/.*)?$/i, '');
  url.pathname = `${path}/`;
  return url.toString();
}

/** The absolute URL of a REST path (`/rest/version`) under a normalised base URL. */
export function restUrl(baseUrl: string, restPath: string): URL {
  return new URL(restPath.replace(/^\//, ''), baseUrl);
}
