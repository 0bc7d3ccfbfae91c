import { isBmo } from './bmo.js';
import type { RecentBug } from './news-state.js';

/** The path a tracker's base URL covers, ending in `/`. */
export function basePath(url: URL): string {
  return url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
}

/**
 * Which pages are bug pages of the configured tracker: `show_bug.cgi?id=N`
 * (or an alias) under the tracker's base URL, and bugzilla.mozilla.org's short
 * form `https://bugzilla.mozilla.org/N`. Anything else (buglist.cgi,
 * enter_bug.cgi, the REST API itself) is not a visit.
 * Returns the bug as the page names it (a number or an alias), or null.
 */
export function bugOnPage(pageUrl: string, trackerUrl: string): string | null {
  let page: URL;
  let base: URL;
  try {
    page = new URL(pageUrl);
    base = new URL(trackerUrl);
  } catch {
    return null;
  }
  if (page.origin !== base.origin) return null;
  const path = basePath(base);
  if (!page.pathname.startsWith(path)) return null;
  const rest = page.pathname.slice(path.length);
  if (rest === 'show_bug.cgi') {
    const id = page.searchParams.get('id')?.trim() ?? '';
    return /^[^\s,]+$/.test(id) ? id : null;
  }
  if (isBmo(page.href) && path === '/' && /^[1-9]\d*$/.test(rest)) return rest;
  return null;
}

/** The bug page at its first new comment. */
export function bugPage(trackerUrl: string, bug: RecentBug): string {
  const anchor = bug.news?.firstNewComment == null ? '' : `#c${bug.news.firstNewComment}`;
  return `${trackerUrl}show_bug.cgi?id=${bug.id}${anchor}`;
}
