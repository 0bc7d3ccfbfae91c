import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { KEPT_PAINT } from '../src/ui/kept-paint.js';

/** The script a page runs first (this folder's kept-first-paint.js), put at the build's root by this plugin. */
const SCRIPT = 'kept-first-paint.js';
/** Where a page's source says the script goes (Vite leaves a comment alone, and would not bundle a plain script). */
const PLACE = '<!-- kept-first-paint -->';

/**
 * The pages that paint what they kept before their app loads: the storage key of what they keep
 * (ui/kept-paint.ts writes it), and the entry (a build input) they run at once, before that paint,
 * where they have one: the inbox and the popup start reading storage there, while the page paints
 * and loads its app (which imports the same module, so the same read).
 */
export const KEPT_PAINT_PAGES: Record<string, { key: string; early: string | null }> = {
  'src/popup/index.html': { key: KEPT_PAINT.popup, early: 'src/ui/early-read.ts' },
  'src/inbox/index.html': { key: KEPT_PAINT.inbox, early: 'src/ui/early-read.ts' },
};

/**
 * A built page with a kept first paint fetches nothing but its first-paint script before its
 * first frame. Its stylesheets are put in the page; its module entry and the chunks preloaded
 * with it are taken out of the page, and kept-first-paint.js adds them back itself (`data-app`,
 * `data-preload`), after that frame when it painted what was kept. Each extension resource in the
 * way of the first frame cost the popup about 10 ms in `npm run bench` (its first paint beside an
 * empty extension page). A build step: the extension is loaded built, never from a dev server.
 */
export function keptFirstPaint(): Plugin {
  let root = '';
  return {
    name: 'kept-first-paint',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: SCRIPT, source: readFileSync(join(root, 'vite', SCRIPT), 'utf8') });
        for (const [name, { key, early }] of Object.entries(KEPT_PAINT_PAGES)) {
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
          page.source = pageAfterFirstPaint(name, text(page.source), stylesheet, {
            key,
            now: now && `/${now.fileName}`,
          });
        }
      },
    },
  };
}

const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : new TextDecoder().decode(source));

/**
 * The page as Vite built it, with its module entry and preloads (and the module to run at once,
 * `now`) handed to the first-paint script with the key of what it kept, and its stylesheets
 * (`stylesheet(href)` reads them) in the page itself. Throws when the page is not as expected:
 * better a failed build than a page whose app never loads.
 */
export function pageAfterFirstPaint(
  name: string,
  html: string,
  stylesheet: (href: string) => string,
  { key, now }: { key: string; now?: string | undefined },
): string {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const [entry] = entries;
  if (entries.length !== 1 || !entry?.[1] || html.split(PLACE).length !== 2) {
    throw new Error(`${name}: expected one module entry and one ${PLACE}`);
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
    PLACE,
    `<script src="/${SCRIPT}" data-key="${key}"${now ? ` data-now="${now}"` : ''} data-app="${entry[1]}" data-preload="${preload}"></script>`,
  );
}
