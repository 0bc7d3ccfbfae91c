import type { Plugin } from 'vite';

const POPUP_HTML = 'src/popup/index.html';
const FIRST_PAINT = '<script src="/popup-first-paint.js"></script>';

/**
 * The built popup fetches nothing but its first-paint script before its first
 * frame. Its stylesheet is put in the page; its module entry and the chunks
 * preloaded with it are taken out of the page, and public/popup-first-paint.js adds them back itself (`data-app`,
 * `data-preload`), after that frame when it painted what was kept. Each
 * extension resource in the way of the first frame cost it about 10 ms in
 * `npm run bench` (the popup's first paint beside an empty extension page).
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
        page.source = appAfterFirstPaint(text(page.source), (href) => {
          const sheet = bundle[href.replace(/^\//, '')];
          if (sheet?.type !== 'asset') throw new Error(`${POPUP_HTML}: its stylesheet ${href} is not in the bundle`);
          return text(sheet.source);
        });
      },
    },
  };
}

const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : new TextDecoder().decode(source));

/**
 * The page as Vite built it, with its module entry and preloads handed to the
 * first-paint script, and its stylesheet (`stylesheet(href)` reads it) in
 * the page itself. Throws when the page is not as expected: better a failed
 * build than a popup whose app never loads.
 */
export function appAfterFirstPaint(html: string, stylesheet: (href: string) => string): string {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const [entry] = entries;
  if (entries.length !== 1 || !entry?.[1] || html.split(FIRST_PAINT).length !== 2) {
    throw new Error(`${POPUP_HTML}: expected one module entry and one ${FIRST_PAINT}`);
  }
  for (const [link, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)) {
    const css = stylesheet(href as string);
    if (/<\/style/i.test(css)) throw new Error(`${POPUP_HTML}: ${href} cannot be put in a <style> element`);
    html = html.replace(link, `<style>${css}</style>`);
  }
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const [link] of preloads) page = page.replace(link, '');
  const preload = preloads.map((link) => link[1]).join(' ');
  return page.replace(
    FIRST_PAINT,
    `<script src="/popup-first-paint.js" data-app="${entry[1]}" data-preload="${preload}"></script>`,
  );
}
