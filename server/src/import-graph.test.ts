import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';

/**
 * No import circle in the code we ship (tests aside): a circle makes the order modules
 * initialise in depend on which one is imported first, and hides which layer sits above which.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['server/src', 'shared/src', 'extension/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The relative module specifiers a file names, read by a real parser (oxc, through rolldown):
 * static imports and re-exports, type-only ones too (still a dependency of the design), side-effect
 * imports (`import './x.js'`) and dynamic `import('./x.js')` with a literal specifier.
 */
export function importedSpecifiers(file: string, source: string): string[] {
  const { module, errors } = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const specifiers = [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) =>
      entry.entries.flatMap((e) => (e.moduleRequest ? [e.moduleRequest.value] : [])),
    ),
    ...module.dynamicImports.flatMap(({ moduleRequest }) => {
      const literal = /^(['"`])(.*)\1$/s.exec(source.slice(moduleRequest.start, moduleRequest.end));
      return literal ? [literal[2] as string] : [];
    }),
  ];
  return specifiers.filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'));
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const specifier of importedSpecifiers(file, readFileSync(file, 'utf8'))) {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => known.has(candidate));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, counter);
    lowest.set(file, counter++);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(next) as number));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) found.push(component.map((member) => relative(REPO, member)));
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

/**
 * The server's layers, bottom first. A file may import its own layer and those below, never one
 * above: what differs between trackers is data (profiles); Bugzilla's objects and their rules
 * (bugzilla) know no store variant, no HTTP and no protocol; stores know no HTTP; a method family
 * of the WebService knows the method contract below it, and the REST, RPC and OpenAPI tables
 * above it; and so on up to the app and the command line.
 */
const SERVER_LAYERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['profiles: what differs between trackers, as data; the package version', /^profiles\/|^package-version\.ts$/],
  ["bugzilla: Bugzilla's objects and their rules, and the contract a store keeps", /^bugzilla\//],
  ['stores: persistence only, a folder per variant', /^stores\//],
  ["logins, the HTTP helpers and the webhooks' push", /^(login|http|push)\//],
  ['the WebService method contract: a method, its request, its bounds', /^webservice\/method\//],
  [
    'the WebService method families (Bugzilla/WebService/*.pm)',
    /^webservice\/(bug|attachment|comment|bugzilla|bug-user-last-visit|user|group|product|flag-type|bmo)\//,
  ],
  ['the table of every method, joined from the families', /^webservice\/table\//],
  [
    'what reads the table: REST routing, XML-RPC and JSON-RPC, the OpenAPI description',
    /^webservice\/(rest|rpc|openapi)\//,
  ],
  ['imports (fixtures, a Bugzilla database, recordings) and the HTML pages', /^(import|pages)\//],
  ['the admin API', /^admin\//],
  ['the app (createApp) and the port it listens on', /^(app|bind-port)\.ts$/],
  ['the test double: startServer, record and replay', /^test-double\//],
  ['the command line and the package entry', /^cli\/|^index\.ts$/],
];

/**
 * The extension's layers, bottom first: pure helpers and the shapes everything shares, the one
 * importer of browser APIs, reaching a tracker, what is kept in storage, what the pages say and show
 * alike, the features, and the entry points (the background and the bug page's content script).
 */
const EXTENSION_LAYERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['common: pure helpers and shared shapes', /^common\//],
  ['platform: the only importer of browser APIs', /^platform\//],
  ['tracker: reaching a tracker', /^tracker\//],
  ['storage: the only reader and writer of storage', /^storage\//],
  ['ui: words, times and components the features share, the kept first paint', /^ui\//],
  [
    'features: visits, the bugs followed and their news, the inbox, the popup, the options',
    /^(visits|follow|inbox|popup|options)\//,
  ],
  ["entry points: the background, the bug page's content script", /^(background|content)\//],
];

type Layers = ReadonlyArray<readonly [string, RegExp]>;

function layerOf(layers: Layers, relativePath: string): number {
  const index = layers.findIndex(([, pattern]) => pattern.test(relativePath));
  if (index < 0) throw new Error(`${relativePath} is in no layer: add its folder to the layers`);
  return index;
}

/** Every import from a lower layer to a higher one, as "from -> to". */
function upwardImports(graph: Map<string, string[]>, root: string, layers: Layers = SERVER_LAYERS): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = relative(root, file);
    for (const target of targets) {
      const to = relative(root, target);
      if (layerOf(layers, to) > layerOf(layers, from)) found.push(`${from} -> ${to}`);
    }
  }
  return found;
}

/**
 * The folder a file belongs to, as a room of the house: its top folder, or inside webservice/ and
 * stores/ its family or variant (one folder each, which must not lean on each other either).
 */
export function folderOf(relativePath: string): string {
  const parts = relativePath.split('/');
  if (parts.length === 1) return relativePath;
  if ((parts[0] === 'webservice' || parts[0] === 'stores') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0] as string;
}

/** The extension's rooms are its top folders (a feature, a layer). */
const topFolder = (relativePath: string) => relativePath.split('/')[0] as string;

/** Each import from one folder to another, as "from -> to", once. */
function folderImports(
  graph: Map<string, string[]>,
  root: string,
  folder: (path: string) => string = folderOf,
): Set<string> {
  const edges = new Set<string>();
  for (const [file, targets] of graph) {
    const from = folder(relative(root, file));
    for (const target of targets) {
      const to = folder(relative(root, target));
      if (from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return edges;
}

/**
 * Pairs of folders that import each other, as "a <-> b": no file circle is needed for that, so
 * neither the circle test nor (within one layer) the layer test sees it, yet neither folder can be
 * read, moved or tested without the other.
 */
function folderPairs(
  graph: Map<string, string[]>,
  root: string,
  folder: (path: string) => string = folderOf,
): string[] {
  const edges = folderImports(graph, root, folder);
  const pairs: string[] = [];
  for (const edge of edges) {
    const [from, to] = edge.split(' -> ') as [string, string];
    if (from < to && edges.has(`${to} -> ${from}`)) pairs.push(`${from} <-> ${to}`);
  }
  return pairs.sort();
}

/** The extension's features: none imports another; what two of them share lives in a layer below. */
const EXTENSION_FEATURES = /^(visits|follow|inbox|popup|options)$/;

describe('the import graph', () => {
  it('has no import from a lower layer of the server to a higher one', () => {
    const root = join(REPO, 'server/src');
    expect(upwardImports(importGraph(sourceFiles(root)), root)).toEqual([]);
  });

  it('has no import from a lower layer of the extension to a higher one', () => {
    const root = join(REPO, 'extension/src');
    expect(upwardImports(importGraph(sourceFiles(root)), root, EXTENSION_LAYERS)).toEqual([]);
  });

  it('has no two folders of the server that import each other', () => {
    const root = join(REPO, 'server/src');
    expect(folderPairs(importGraph(sourceFiles(root)), root)).toEqual([]);
  });

  it('has no two folders of the extension importing each other', () => {
    const root = join(REPO, 'extension/src');
    expect(folderPairs(importGraph(sourceFiles(root)), root, topFolder)).toEqual([]);
  });

  it('has no feature of the extension importing another', () => {
    const root = join(REPO, 'extension/src');
    const across = [...folderImports(importGraph(sourceFiles(root)), root, topFolder)].filter((edge) =>
      edge.split(' -> ').every((folder) => EXTENSION_FEATURES.test(folder)),
    );
    expect(across).toEqual([]);
  });

  it('finds two folders that import each other when there are', () => {
    const graph = new Map([
      ['/r/admin/controls.ts', ['/r/webservice/openapi/journal.ts']],
      ['/r/webservice/openapi/journal.ts', ['/r/admin/numbered.ts']],
      ['/r/webservice/bug/bugs.ts', ['/r/webservice/comment/comments.ts']],
      ['/r/webservice/comment/comments.ts', ['/r/webservice/bug/json.ts']],
    ]);
    expect(folderPairs(graph, '/r')).toEqual(['admin <-> webservice/openapi', 'webservice/bug <-> webservice/comment']);
    const extension = new Map([
      ['/r/inbox/row.ts', ['/r/popup/when.ts', '/r/common/time.ts']],
      ['/r/popup/list.ts', ['/r/inbox/data.ts']],
      ['/r/common/time.ts', []],
    ]);
    expect(folderPairs(extension, '/r', topFolder)).toEqual(['inbox <-> popup']);
  });

  it('finds an upward import when there is one', () => {
    const graph = new Map([
      ['/r/stores/file-store.ts', ['/r/bugzilla/types.ts', '/r/http/respond.ts']],
      ['/r/http/respond.ts', ['/r/bugzilla/errors.ts']],
    ]);
    expect(upwardImports(graph, '/r')).toEqual(['stores/file-store.ts -> http/respond.ts']);
  });

  for (const dir of PACKAGES) {
    it(`has no import circle in ${dir}`, () => {
      expect(circles(importGraph(sourceFiles(join(REPO, dir))))).toEqual([]);
    });
  }

  it('reads every kind of import, the dynamic and side-effect ones too', () => {
    const source = [
      "import type { User } from '../domain/types.js';",
      "import '../http/side-effect.js';",
      "export { x } from './x.js';",
      "export * from './all.js';",
      'const late = await import("../routes/late.js");',
      "import { z } from 'zod';",
      'const computed = await import(name);',
    ].join('\n');
    expect(importedSpecifiers('/r/store/a.ts', source)).toEqual([
      '../domain/types.js',
      '../http/side-effect.js',
      './x.js',
      './all.js',
      '../routes/late.js',
    ]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(circles(graph).map((circle) => circle.length)).toEqual([3]);
  });
});
