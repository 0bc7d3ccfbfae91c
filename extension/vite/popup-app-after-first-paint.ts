import type { Plugin } from 'vite';

const POPUP_HTML = 'src/popup/index.html';
const FIRST_PAINT = '<script src="/popup-first-paint.js"></script>';

/**
 * The built popup fetches nothing but its first-paint script before its first
 * frame. Its module entry and the chunks preloaded with it are taken out of
 * the page, and public/popup-first-paint.js adds them back itself (`data-app`,
 * `data-preload`), after that frame when it painted what was kept. Each extension resource in the
 * way of the first frame cost it about 10 ms in `npm run bench` (the popup's
 * first paint beside an empty extension page). The build fails when the page
 * is not as expected, rather than ship a popup whose app never loads.
 */
export function popupAppAfterFirstPaint(): Plugin {
  return {
    name: 'popup-app-after-first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle[POPUP_HTML];
        if (page?.type !== 'asset') return this.error(`${POPUP_HTML} is not in the bundle`);
        const html = typeof page.source === 'string' ? page.source : new TextDecoder().decode(page.source);
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry?.[1] || !html.includes(FIRST_PAINT)) {
          return this.error(`${POPUP_HTML}: expected one module entry and ${FIRST_PAINT}`);
        }
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        const preload = preloads.map((link) => link[1]).join(' ');
        let rewritten = html.replace(entry[0], '');
        for (const [link] of preloads) rewritten = rewritten.replace(link, '');
        page.source = rewritten.replace(
          FIRST_PAINT,
          `<script src="/popup-first-paint.js" data-app="${entry[1]}" data-preload="${preload}"></script>`,
        );
      },
    },
  };
}
