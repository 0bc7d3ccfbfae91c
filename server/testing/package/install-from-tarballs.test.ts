import { execFile, spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../cli-server.js';

/**
 * What a user of the published packages gets: `npm pack` of shared/ and
 * server/, installed into an empty project from the tarballs (dependencies
 * from the registry), then used as the README says: the CLI through npx,
 * `startServer` from plain Node ESM and from strict TypeScript.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');

let project: string;
let tarballs: Record<'shared' | 'server', string>;

async function pack(workspace: 'shared' | 'server', into: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--pack-destination', into], { cwd: join(root, workspace) });
  return join(into, stdout.trim().split('\n').at(-1) as string);
}

beforeAll(async () => {
  project = await tempDir();
  tarballs = { shared: await pack('shared', project), server: await pack('server', project) };
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarballs.shared, tarballs.server], {
    cwd: project,
  });
}, 180_000);

describe('the packed packages', () => {
  it('hold the built code, the CLI and a README, and no tests, test support, sources or test data', async () => {
    const entries = { shared: 'package/dist/index', server: 'package/dist/src/index' };
    for (const [workspace, tarball] of Object.entries(tarballs) as Array<['shared' | 'server', string]>) {
      const { stdout } = await run('tar', ['-tzf', tarball]);
      const files = stdout.trim().split('\n');
      expect(files).toContain(`${entries[workspace]}.js`);
      expect(files).toContain(`${entries[workspace]}.d.ts`);
      expect(files).toContain('package/README.md');
      expect(
        files.filter((file) =>
          /\.test\.|\.map$|^package\/(src|test-data|e2e|testing|dist\/testing)\/|tsbuildinfo/.test(file),
        ),
      ).toEqual([]);
    }
    const { stdout } = await run('tar', ['-tzf', tarballs.server]);
    expect(stdout).toContain('package/bin/bz-companion.js');
    expect(stdout).toContain('package/dist/src/bugzilla/config/default-parameters.json');
    expect(stdout).toContain('package/dist/openapi.json');
  });

  it('run `npx bz-companion serve` in an empty project', async () => {
    const child = spawn('npx', ['--no-install', 'bz-companion', 'serve', '--in-memory', '--port', '0', '--admin'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npx runs the server as a child of its own, and both must stop.
      detached: true,
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /^listening on (\S+)$/m.exec(out);
          if (match) resolve(match[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before listening`)));
      });
      expect(await (await fetch(`${url}/rest/version`)).json()).toEqual({ version: '5.2' });
      expect((await fetch(`${url}/__admin/clock`)).status).toBe(200);
    } finally {
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    }
  });

  it('give startServer to plain Node ESM', async () => {
    await writeFile(
      join(project, 'plain.mjs'),
      `import { createRequire } from 'node:module';
import { startServer } from '@bz-companion/server';
const bz = await startServer({ clock: '2026-01-01T00:00:00Z' });
const time = await (await fetch(bz.url + 'rest/time')).json();
const openapi = createRequire(import.meta.url)('@bz-companion/server/openapi.json');
console.log(time.web_time, bz.apiKey('admin@example.com').length, openapi.openapi);
await bz.stop();
`,
    );
    const { stdout } = await run(process.execPath, ['plain.mjs'], { cwd: project });
    expect(stdout.trim()).toBe('2026-01-01T00:00:00Z 40 3.1.0');
  });

  it('give startServer and its types to strict TypeScript', async () => {
    await writeFile(
      join(project, 'typed.ts'),
      `import { type BzServer, type RecordedRequest, startServer } from '@bz-companion/server';
const bz: BzServer = await startServer({ fixture: { users: [{ login: 'a@example.com', api_keys: ['k'] }] }, port: 0 });
const id: string = bz.fault({ path: '/rest/version', status: 503, times: 1 });
const journal: RecordedRequest[] = bz.requests();
// @ts-expect-error: a fault rule's status is a number
bz.fault({ status: '503' });
console.log(id, journal.length, bz.clock.advance(60).now);
await bz.stop();
`,
    );
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          noEmit: true,
          // The workspace's Node types, to avoid another download; everything else comes from the tarballs.
          typeRoots: [join(root, 'node_modules/@types')],
          types: ['node'],
        },
        include: ['typed.ts'],
      }),
    );
    const result = await run(process.execPath, [tsc, '-p', project]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
    expect(await readdir(join(project, 'node_modules/@bz-companion'))).toEqual(['server', 'shared']);
  });
});
