import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { manifestFor, type Target } from './manifest.config.js';
import { keptFirstPaint } from './vite/kept-first-paint-plugin.js';

/**
 * crxjs lists a script imported with `?script` as web-accessible to every
 * page, which it needs only when a page loads it; the bug-page banner is
 * registered with `scripting.registerContentScripts` and loaded by the
 * browser, so no page needs to reach it (and none can then tell the
 * extension is installed by fetching it).
 */
function bannerNotWebAccessible(): Plugin {
  return {
    name: 'banner-not-web-accessible',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = bundle['manifest.json'];
        if (manifest?.type !== 'asset' || typeof manifest.source !== 'string') return;
        const json = JSON.parse(manifest.source) as {
          web_accessible_resources?: Array<{ resources: string[] }>;
        };
        const kept = (json.web_accessible_resources ?? [])
          .map((entry) => ({ ...entry, resources: entry.resources.filter((r) => !r.includes('bug-banner')) }))
          .filter((entry) => entry.resources.length > 0);
        if (kept.length > 0) json.web_accessible_resources = kept;
        else delete json.web_accessible_resources;
        manifest.source = JSON.stringify(json, null, 2);
      },
    },
  };
}

/** `vite build --mode chromium` or `--mode firefox`: same source, one unpacked folder per browser. */
export default defineConfig(({ mode }) => {
  const target: Target = mode === 'firefox' ? 'firefox' : 'chromium';
  return {
    plugins: [
      preact(),
      crx({ manifest: manifestFor(target), browser: target === 'firefox' ? 'firefox' : 'chrome' }),
      bannerNotWebAccessible(),
      keptFirstPaint(),
    ],
    build: {
      outDir: `dist/${target}`,
      emptyOutDir: true,
      target: 'es2022',
      // The inbox is an extension page no manifest entry names: built as a page of its own.
      modulePreload: {
        // The inbox loads the schemas only where storage needs migrating: no page preloads them for it.
        resolveDependencies: (_file, deps, { hostId, hostType }) =>
          hostType === 'html' && hostId.endsWith('src/inbox/index.html')
            ? deps.filter((dep) => !/[\\/]schemas-[^/]*\.js$/.test(dep))
            : deps,
      },
      rollupOptions: {
        // The inbox's storage read, an entry of its own: its page runs it before its first paint
        // (vite/kept-first-paint-plugin.ts), and the inbox's app imports it.
        input: { inbox: 'src/inbox/index.html', 'inbox-read': 'src/ui/early-read.ts' },
        // Needed by `includeDependenciesRecursively: false` below, and by the inbox importing its read's entry.
        preserveEntrySignatures: 'allow-extension',
        output: {
          codeSplitting: {
            // zod and the shared client (most of the script) in a chunk of their own, so a page that does not
            // need them before its first paint (the inbox reads storage as it is) does not load them first.
            // What they import stays where it is used (the shared time functions serve the inbox's first paint).
            includeDependenciesRecursively: false,
            groups: [{ name: 'schemas', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]dist[\\/](?!time\.js)/ }],
          },
        },
      },
    },
  };
});
