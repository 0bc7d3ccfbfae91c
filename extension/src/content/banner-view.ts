import type { BannerNews } from '../common/news-state.js';
import { relativeTime } from '../common/relative-time.js';
import { describeNews } from '../ui/describe-news.js';

/** "3 new comments and 1 change since your last visit 2 days ago". */
export function bannerText({ news, since }: BannerNews, now: number): string {
  return `${describeNews(news)} since your last visit ${relativeTime(since, now)}`;
}

/** Where "Show" goes: the first new comment (Bugzilla's `#cN` anchors), or the history's place at the page's end. */
export function bannerLink({ news }: BannerNews): string | null {
  return news.firstNewComment === null ? null : `#c${news.firstNewComment}`;
}

/** Relative luminance of a CSS colour as computed (`rgb(…)`/`rgba(…)`); null when transparent or unreadable. */
export function luminance(color: string): number | null {
  const parts = color.match(/[\d.]+/g)?.map(Number);
  if (!parts || parts.length < 3) return null;
  if (parts.length >= 4 && parts[3] === 0) return null;
  const [r, g, b] = parts.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The page's own scheme: its background's brightness, else the browser's preference. */
export function pageIsDark(backgrounds: readonly string[], prefersDark: boolean): boolean {
  for (const background of backgrounds) {
    const value = luminance(background);
    if (value !== null) return value < 0.2;
  }
  return prefersDark;
}

export const BANNER_CSS = `
:host { all: initial; display: block; }
.banner { box-sizing: border-box; margin: 0; padding: 8px 12px; display: flex; gap: 12px; align-items: center;
  font: 14px/1.4 system-ui, sans-serif; border-bottom: 1px solid; }
.light { background: #fff8c5; color: #3b2e00; border-color: #d4a72c; }
.dark { background: #3a2f05; color: #f5e7a1; border-color: #9e7d1b; }
.text { flex: 1; }
a { color: inherit; font-weight: 600; }
button { font: inherit; background: none; border: 0; color: inherit; cursor: pointer; padding: 0 4px; }
`;
