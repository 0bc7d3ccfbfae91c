/**
 * Where the fold worker's script is. A worker thread loads plain JavaScript: built, this module
 * sits in dist/ beside fold-worker.js. Run from its TypeScript source (Vitest runs the sources),
 * it points at the built copy in server/dist instead: `npm test` builds before it tests, and a
 * test run without a build fails plainly on the missing file rather than running stale code
 * silently (only if the sources changed since the last build).
 */
export const foldWorkerUrl: URL = import.meta.url.endsWith('.ts')
  ? new URL('../../../dist/src/stores/file/fold-worker.js', import.meta.url)
  : new URL('./fold-worker.js', import.meta.url);
