import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { manifestFor, type Target } from './manifest.config.js';

/** `vite build --mode chromium` or `--mode firefox`: same source, one unpacked folder per browser. */
export default defineConfig(({ mode }) => {
  const target: Target = mode === 'firefox' ? 'firefox' : 'chromium';
  return {
    plugins: [preact(), crx({ manifest: manifestFor(target), browser: target === 'firefox' ? 'firefox' : 'chrome' })],
    build: { outDir: `dist/${target}`, emptyOutDir: true, target: 'es2022' },
  };
});
