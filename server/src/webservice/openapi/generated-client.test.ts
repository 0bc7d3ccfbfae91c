import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/cli-server.js';
import { REPO_ROOT } from '../../../testing/server-root.js';
import { PROFILE_NAMES, type ProfileName } from '../../profiles/profile.js';
import { PROFILES } from '../../profiles/profiles.js';
import { openApiDocument } from './openapi-document.js';

/**
 * A client generated from each profile's description (openapi-typescript, called through
 * openapi-fetch) type-checks a client's everyday calls with no cast: credentials as the profile's
 * tracker reads them, Bug.search's `limit` as a number, an answer told from 5.x's crash in a 200
 * by its `error` member; and where the tracker reads no credential
 * header (5.2), a call that sends the key only there does not type-check, since it would be logged out.
 */
const HEADER_READ: Record<ProfileName, boolean> = {
  'bz-companion': true,
  'bugzilla-5.2': false,
  'bugzilla-5.1': true,
  bmo: true,
};

function callsFor(profile: ProfileName): string {
  const headerCall = `client.GET('/rest/bug/{id}', { params: { path: { id: 1 }, header: { 'X-BUGZILLA-API-KEY': key } } })`;
  return `import createClient from 'openapi-fetch';
import type { paths } from './${profile}.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3080' });
const key = 'AdminKey0123456789abcdefghijklmnopqrstuv';

export async function everydayCalls(): Promise<unknown[]> {
  const version = await client.GET('/rest/version');
  const bug = await client.GET('/rest/bug/{id}', {
    params: { path: { id: 1 }, query: { Bugzilla_api_key: key, include_fields: ['id', 'summary'] } },
  });
  const search = await client.GET('/rest/bug', {
    params: { query: { Bugzilla_api_key: key, product: ['Widgets'], limit: 10, offset: 0 } },
  });
  const comment = await client.POST('/rest/bug/{id}/comment', {
    params: { path: { id: 1 }, query: { Bugzilla_api_key: key } },
    body: { comment: 'Seen on 1.2 too.' },
  });
  const token = await client.GET('/rest/bug/{id}/comment', {
    params: { path: { id: 'an-alias' }, query: { Bugzilla_token: '1-abc' } },
  });
  // Under the 5.x and bmo profiles a 200 may be Bugzilla's error envelope (Perl died: 100500), as
  // the description says: a client tells them apart by \`error\`, and TypeScript narrows, no cast
  // (Bug.search's by \`bugs\`: under bmo it may be BMO's \`{bug_count}\`).
  const [v, b, s, c, t] = [version.data, bug.data, search.data, comment.data, token.data];
  return [
    v && !('error' in v) ? v.version : undefined,
    b && !('error' in b) ? b.bugs : undefined,
    s && 'bugs' in s ? s.bugs : undefined,
    c && !('error' in c) ? c.id : undefined,
    t && !('error' in t) ? t.bugs : undefined,
  ];
}

export async function byHeader(): Promise<unknown> {
  ${HEADER_READ[profile] ? '' : '// @ts-expect-error: this tracker reads no credential header (a call sending only it is logged out)\n  '}return ${headerCall};
}
`;
}

describe('a client generated from the description (openapi-typescript + openapi-fetch)', () => {
  it('type-checks its calls under every profile, with no cast', async () => {
    const dir = await tempDir();
    const files: string[] = [];
    for (const name of PROFILE_NAMES) {
      const types = await openapiTS(openApiDocument(PROFILES[name], '0.0.0') as never);
      await writeFile(join(dir, `${name}.ts`), types);
      await writeFile(join(dir, `calls-${name}.ts`), callsFor(name));
      files.push(`calls-${name}.ts`);
    }
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          skipLibCheck: true,
          types: [],
          lib: ['es2022', 'dom'],
          paths: { 'openapi-fetch': [join(REPO_ROOT, 'node_modules/openapi-fetch')] },
        },
        files,
      }),
    );
    const result = await promisify(execFile)(join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-p', dir]).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout}${error.stderr}`, stderr: '' }),
    );
    expect(result.stdout.trim(), result.stdout).toBe('');
  }, 120_000);
});
