import type { BannerNews } from '../common/news-state.js';
import { localDateTime } from '../common/relative-time.js';
import { BANNER_CSS, bannerLink, bannerText, pageIsDark } from './banner-view.js';

/** The one browser call a content script makes; `chrome.*` answers with promises in MV3 in Chromium and Firefox alike. */
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

/**
 * The bug page's banner (registered at runtime for the configured trackers'
 * origins only). It lives in a shadow root so neither side's styles
 * reach the other, and any failure leaves the page exactly as it was.
 */
async function showBanner(): Promise<void> {
  const answer = (await chrome.runtime.sendMessage({ type: 'bug-page-news', url: location.href })) as BannerNews | null;
  if (!answer || document.getElementById('bz-companion-banner')) return;

  const host = document.createElement('div');
  host.id = 'bz-companion-banner';
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = BANNER_CSS;
  const dark = pageIsDark(
    [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.documentElement).backgroundColor],
    matchMedia('(prefers-color-scheme: dark)').matches,
  );
  const banner = document.createElement('div');
  banner.className = `banner ${dark ? 'dark' : 'light'}`;
  banner.setAttribute('role', 'status');
  banner.dataset.testid = 'bz-companion-banner';
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = `${bannerText(answer, Date.now())}.`;
  text.title = `Your last visit: ${localDateTime(answer.since)}${
    answer.source === 'extension' ? ' (as this browser recorded it: the tracker cannot say)' : ''
  }`;
  banner.append(text);
  const href = bannerLink(answer);
  if (href) {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'Show the first new comment';
    banner.append(link);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Dismiss');
  close.addEventListener('click', () => host.remove());
  banner.append(close);
  root.append(style, banner);
  document.body.prepend(host);
}

showBanner().catch(() => {
  // The page must never break because of us: no banner is the whole failure mode.
});
