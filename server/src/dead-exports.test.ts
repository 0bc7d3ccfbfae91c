import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';

/**
 * No dead exports: a value exported from a module that no other module imports is either dead code
 * or a name that says "used elsewhere" when it is not (a reader looks for the other user and finds
 * none). Types are left out: a type exported for a signature's reader costs nothing at run time.
 * Entry points (CLIs, workers, configs, tests, the packages' public modules and what they re-export)
 * are used from outside, so their exports count as used.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['server/src', 'server/testing', 'server/e2e', 'shared/src', 'extension/src', 'extension/e2e'];
const ROOTS_ALSO_READ = ['extension/vite', 'extension/testing', 'bench/src', 'biome'];
const CONFIGS = [
  'vitest.config.ts',
  'playwright.config.ts',
  'extension/vite.config.ts',
  'extension/manifest.config.ts',
];
/** Modules run or loaded by name rather than imported: their exports are their interface. */
const ENTRY =
  /(^|\/)(index|cli|fold-worker|write-openapi|bug-banner|kept-first-paint|[a-z-]+-reporter)\.tsx?$|\.config\.ts$|\.(test|spec)\.tsx?$|\/e2e\/|\/migrations\//;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each workspace package's exports map, by specifier, as the source file its built path comes from. */
function packageEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const dir of ['server', 'shared']) {
    const manifest = JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, string | { default: string }>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const built = typeof target === 'string' ? target : target.default;
      if (!built.endsWith('.js')) continue;
      const source = built.replace(/^\.\/dist\/(src\/|testing\/)?/, (_, sub: string | undefined) =>
        dir === 'shared' ? './src/' : `./${sub ?? 'src/'}`,
      );
      entries.set(join(manifest.name, subpath), join(REPO, dir, source.replace(/\.js$/, '.ts')));
    }
  }
  return entries;
}

interface ModuleFacts {
  exported: string[];
  /** Target file → names imported from it ('*' for all of them). */
  imports: Array<[string, string]>;
  /** Files this one re-exports whole (`export * from`). */
  stars: string[];
}

function moduleFacts(file: string, known: ReadonlySet<string>, packages: ReadonlyMap<string, string>): ModuleFacts {
  const source = readFileSync(file, 'utf8');
  const { module } = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  const target = (specifier: string): string | undefined => {
    const entry = packages.get(specifier);
    if (entry) return entry;
    if (!specifier.startsWith('.')) return undefined;
    const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
    return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate));
  };
  const facts: ModuleFacts = { exported: [], imports: [], stars: [] };
  for (const entry of module.staticExports) {
    for (const e of entry.entries) {
      const from = e.moduleRequest ? target(e.moduleRequest.value) : undefined;
      if (from && (e.importName.kind === 'All' || e.importName.kind === 'AllButDefault')) facts.stars.push(from);
      else if (from) facts.imports.push([from, e.importName.name ?? 'default']);
      if (!e.isType && e.exportName.name) facts.exported.push(e.exportName.name);
      if (!e.isType && e.exportName.kind === 'Default') facts.exported.push('default');
    }
  }
  for (const entry of module.staticImports) {
    const from = target(entry.moduleRequest.value);
    if (!from) continue;
    for (const e of entry.entries)
      facts.imports.push([from, e.importName.kind === 'NamespaceObject' ? '*' : (e.importName.name ?? 'default')]);
  }
  for (const { moduleRequest } of module.dynamicImports) {
    const literal = /^(['"`])(.*)\1$/s.exec(source.slice(moduleRequest.start, moduleRequest.end));
    const from = literal ? target(literal[2] as string) : undefined;
    if (from) facts.imports.push([from, '*']);
  }
  return facts;
}

function deadExports(): string[] {
  const files = [...ROOTS, ...ROOTS_ALSO_READ]
    .flatMap((root) => sourceFiles(join(REPO, root)))
    .concat(CONFIGS.map((config) => join(REPO, config)).filter(existsSync));
  const known = new Set(files);
  const packages = packageEntries();
  const facts = new Map(files.map((file) => [file, moduleFacts(file, known, packages)]));
  const used = new Map<string, Set<string>>();
  const use = (file: string, name: string): boolean => {
    const names = used.get(file) ?? new Set<string>();
    used.set(file, names);
    if (names.has(name)) return false;
    names.add(name);
    return true;
  };
  for (const fact of facts.values()) for (const [file, name] of fact.imports) use(file, name);
  // A package's public module re-exports are its API; a name used through a barrel is used in its source.
  for (const entry of packages.values()) for (const star of facts.get(entry)?.stars ?? []) use(star, '*');
  for (let changed = true; changed; ) {
    changed = false;
    for (const [barrel, fact] of facts)
      for (const star of fact.stars) for (const name of used.get(barrel) ?? []) changed = use(star, name) || changed;
  }
  const entries = new Set(packages.values());
  return [...facts].flatMap(([file, fact]) => {
    const path = relative(REPO, file);
    if (ENTRY.test(path) || entries.has(file) || !ROOTS.some((root) => path.startsWith(`${root}/`))) return [];
    const names = used.get(file) ?? new Set<string>();
    if (names.has('*')) return [];
    return fact.exported.filter((name) => !names.has(name)).map((name) => `${path}: ${name}`);
  });
}

describe('exports', () => {
  it('are each imported by another module (or belong to an entry point)', () => {
    expect(deadExports()).toEqual([]);
  });
});
