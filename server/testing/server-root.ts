import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The server package's directory, found by the package's own name: test support runs from its
 * sources (server/testing/, under Vitest) and from its build (server/dist/testing/, through the
 * package's `./testing` export), and the files it names (the CLI, the recordings) are the same.
 */
export const SERVER_ROOT = dirname(createRequire(import.meta.url).resolve('@bz-companion/server/package.json'));

/** The repository's root (the workspace that holds the server package). */
export const REPO_ROOT = join(SERVER_ROOT, '..');
