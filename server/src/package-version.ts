import { createRequire } from 'node:module';

/**
 * The server package's version, read from its package.json by the package's own name, so the
 * answer is the same from the sources (src/) and from the build (dist/src/).
 */
export function packageVersion(): string {
  return (createRequire(import.meta.url)('@bz-companion/server/package.json') as { version: string }).version;
}
