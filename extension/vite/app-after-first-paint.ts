import type { Plugin } from 'vite';

/**
 * The pages that paint what they kept before their app loads (public/kept-first-paint.js), each with the
 * entry (a build input) it runs at once, before that paint, where it has one: the inbox starts reading
 * storage there, while the page paints and loads its app (which imports the same module, so the same read).
 */
const PAGES: Record<string, string | null> = {
  'src/popup/index.html': null,
  'src/inbox/index.html': 'src/inbox/early-read.ts',
};
const FIRST_PAINT = /<script src="\/kept-first-paint\.js" (data-key="[^"]+"[^>]*)><\/script>/;

/**
 * A built page with a kept first paint fetches nothing but its first-paint
 * script before its first frame. Its stylesheets are put in the page; its
 * module entry and the chunks preloaded with it are taken out of the page,
 * and public/kept-first-paint.js adds them back itself (`data-app`,
 * `data-preload`), after that frame when it painted what was kept. Each
 * extension resource in the way of the first frame cost the popup about
 * 10 ms in `npm run bench` (its first paint beside an empty extension page).
 */
export function appAfterFirstPaint(): Plugin {
  return {
    name: 'app-after-first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const [name, early] of Object.entries(PAGES)) {
          const page = bundle[name];
          if (page?.type !== 'asset') return this.error(`${name} is not in the bundle`);
          const now = early
            ? Object.values(bundle).find(
                (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith(early),
              )
            : undefined;
          if (early && !now) return this.error(`${name}: its early entry ${early} is not in the bundle`);
          const stylesheet = (href: string) => {
            const sheet = bundle[href.replace(/^\//, '')];
            if (sheet?.type !== 'asset') throw new Error(`${name}: its stylesheet ${href} is not in the bundle`);
            return text(sheet.source);
          };
          page.source = pageAfterFirstPaint(name, text(page.source), stylesheet, now && `/${now.fileName}`);
        }
      },
    },
  };
}

const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : new TextDecoder().decode(source));

/**
 * The page as Vite built it, with its module entry and preloads (and the
 * module to run at once, `now`) handed to the first-paint script, and its stylesheets (`stylesheet(href)` reads them) in
 * the page itself. Throws when the page is not as expected: better a failed
 * build than a page whose app never loads.
 */
export function pageAfterFirstPaint(
  name: string,
  html: string,
  stylesheet: (href: string) => string,
  /** A module to run at once, before the first paint (`data-now`). */
  now?: string,
): string {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const [entry] = entries;
  const firstPaint = html.match(FIRST_PAINT);
  if (entries.length !== 1 || !entry?.[1] || !firstPaint || html.split(firstPaint[0]).length !== 2) {
    throw new Error(`${name}: expected one module entry and one kept-first-paint.js script with its data-key`);
  }
  for (const [link, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)) {
    const css = stylesheet(href as string);
    if (/<\/style/i.test(css)) throw new Error(`${name}: ${href} cannot be put in a <style> element`);
    html = html.replace(link, `<style>${css}</style>`);
  }
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const [link] of preloads) page = page.replace(link, '');
  const preload = preloads.map((link) => link[1]).join(' ');
  return page.replace(
    firstPaint[0],
    `<script src="/kept-first-paint.js" ${firstPaint[1]}${now ? ` data-now="${now}"` : ''} data-app="${entry[1]}" data-preload="${preload}"></script>`,
  );
}
