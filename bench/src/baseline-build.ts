import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CACHE = join(REPO, 'node_modules', '.cache', 'bz-companion-baseline');

/** The release to compare with: the newest tag, else the ref in bench/baseline-ref. */
export function baselineRef(): string {
  const tag = spawnSync('git', ['describe', '--tags', '--abbrev=0'], { cwd: REPO, encoding: 'utf8' });
  if (tag.status === 0 && tag.stdout.trim()) return tag.stdout.trim();
  return readFileSync(join(REPO, 'bench', 'baseline-ref'), 'utf8').trim();
}

/**
 * The CLI of `ref`, built once into node_modules/.cache (git archive, npm ci, which builds it) and
 * reused after; throws when the ref is not in this clone or does not build.
 */
export function baselineCli(ref: string): { sha: string; cli: string } {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: REPO, encoding: 'utf8' }).trim();
  const dir = join(CACHE, sha);
  const cli = join(dir, 'server', 'bin', 'bz-companion.js');
  if (existsSync(join(dir, '.built'))) return { sha, cli };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.error(`bench: building the previous release ${ref} (${sha.slice(0, 7)}) in ${dir}`);
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: REPO, stdio: 'inherit' });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(join(dir, 'server', 'dist'))) throw new Error(`the build of ${ref} made no server/dist`);
  execFileSync('touch', [join(dir, '.built')]);
  return { sha, cli };
}
