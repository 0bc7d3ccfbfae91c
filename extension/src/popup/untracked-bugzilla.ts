import { trackerOwningPage } from '../common/tracker-for-page.js';

/** Pages every Bugzilla has under its base URL. */
const BUGZILLA_PAGE = /^(.*\/)(show_bug|buglist|enter_bug|query|index|userprefs|describecomponents|report|page)\.cgi$/;

/**
 * The base URL of the Bugzilla the active tab shows, when it is none of the
 * trackers in the list (`http://127.0.0.1:8052/` when only
 * `http://localhost:8052/` was saved), else null.
 */
export function untrackedBugzilla(pageUrl: string | null, trackers: ReadonlyArray<{ url: string }>): string | null {
  if (!pageUrl) return null;
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return null;
  const match = BUGZILLA_PAGE.exec(page.pathname);
  if (!match) return null;
  if (trackerOwningPage(pageUrl, trackers)) return null;
  return `${page.origin}${match[1]}`;
}
