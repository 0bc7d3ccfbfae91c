import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type EndpointKey, endpoints } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_DIR } from '../../../testing/bugzilla-5.2-fixture.js';
import { CLI, type ListeningProcess, spawnListening, tempDir } from '../../../testing/cli-server.js';
import { examples } from '../../../testing/examples/docs-api-commands.js';
import { type InProcessServer, serveStoreInProcess } from '../../../testing/in-process-server.js';
import { type PrismProxy, prismProblem, startPrismProxy } from '../../../testing/prism-proxy.js';
import type { RecordedCase } from '../../../testing/recordings.js';
import { REPO_ROOT } from '../../../testing/server-root.js';
import { PROFILE_NAMES, type Profile, type ProfileName } from '../../profiles/profile.js';
import { PROFILES } from '../../profiles/profiles.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';
import { Dispatcher } from '../rest/dispatch.js';
import { openApiDocument } from './openapi-document.js';

/*
 * Prism's validating proxy (`prism proxy --errors`) in front of the server lets a realistic mix of
 * traffic through, request and answer, under every profile: the REST requests recorded from a real
 * 5.2 that it answered (the error probes, which 5.2 refuses as malformed, are left out: Prism refuses
 * them as the description says), python-bugzilla's REST calls, and every docs/api.md example.
 */

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const hasBugzilla = spawnSync(PYTHON, ['-c', 'import bugzilla']).status === 0;

/**
 * Malformed values 5.2 answers with a success by ignoring them (its probes in the recordings: a
 * `limit` that is no number or given twice; Bug.update's `cc`, `comment` or `flags` in a shape it
 * skips): the description says the shapes 5.2 acts on, so Prism refuses these, as it should.
 */
const LENIENCIES = [
  /Request query parameter limit must be integer/,
  /Request body property (cc|comment) must be object/,
  /Request body property flags must be array/,
];

/** Every endpoint by its path, as the server routes them. */
const routes = new Dispatcher<EndpointKey>();
for (const key of Object.keys(endpoints) as EndpointKey[]) routes.add(key, key);

/**
 * Whether the profile serves the request's endpoint: one it lacks (BMO's GET /rest/parameters) is
 * not in its description, so Prism answers it "route not resolved", as it should.
 */
function served(profile: Profile, request: RecordedCase['request']): boolean {
  const path = request.path.split('?')[0] as string;
  const key = routes.match(path)?.methods.get(request.method === 'HEAD' ? 'GET' : request.method);
  return key === undefined || !profile.missing.has(key);
}

/** Whether an answer is Bugzilla's error envelope (a JSONP or HTML answer is not). */
function isErrorEnvelope(body: string): boolean {
  try {
    return (JSON.parse(body) as { error?: unknown } | null)?.error === true;
  } catch {
    return false;
  }
}

/** The REST requests recorded from 5.2 that it answered with a success (not a die), in the order recorded. */
function answeredRestCases(): RecordedCase[] {
  const cases: RecordedCase[] = [];
  for (const file of readdirSync(BUGZILLA_52_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const recorded = JSON.parse(readFileSync(join(BUGZILLA_52_DIR, file), 'utf8')) as { cases?: RecordedCase[] };
    for (const recordedCase of recorded.cases ?? []) {
      // A 200 in Bugzilla's error envelope is 5.2's Perl dying on a shape it cannot take (100500):
      // no answer, but a probe that Prism refuses as the description says.
      const died = isErrorEnvelope(recordedCase.response.body);
      if (recordedCase.request.path.startsWith('/rest/') && recordedCase.response.status < 300 && !died)
        cases.push(recordedCase);
    }
  }
  return cases;
}

describe.each(PROFILE_NAMES)('Prism validating the traffic of profile %s', (profile: ProfileName) => {
  let server: InProcessServer;
  let prism: PrismProxy;
  beforeAll(async () => {
    server = await serveStoreInProcess(createMemoryStore(bugzilla52ExtendedSnapshot()), { profile });
    prism = await startPrismProxy(openApiDocument(PROFILES[profile], '0.0.0', server.url), server.url);
  }, 120_000);
  afterAll(async () => {
    await prism?.stop();
    await server?.stop();
  });

  it("lets 5.2's recorded REST requests and the answers through", async () => {
    const problems: string[] = [];
    const cases = answeredRestCases();
    expect(cases.length).toBeGreaterThan(500);
    for (const { request } of cases) {
      if (!served(PROFILES[profile], request)) continue;
      const response = await fetch(`${prism.url}${request.path}`, {
        method: request.method,
        headers: request.headers ?? {},
        ...(request.body !== undefined && request.method !== 'GET' ? { body: request.body } : {}),
      });
      const problem = await prismProblem(response);
      if (problem && !LENIENCIES.some((leniency) => leniency.test(problem))) {
        problems.push(`${request.method} ${request.path}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it.skipIf(!hasBugzilla)(
    "lets python-bugzilla's REST calls through",
    async () => {
      const script = `
import bugzilla, sys
bz = bugzilla.Bugzilla(sys.argv[1] + "/rest/", api_key="${'OracleAdminKey0000000000000000000000000A'}", force_rest=True)
bug = bz.getbug(1)
bug.getcomments()
bz.query(bz.build_query(product=bug.product))
bz.update_bugs([1], bz.build_update(comment="Seen again", cc_add=["admin@example.com"]))
bz.getbugs([1, 2], include_fields=["id", "summary"])
print("ok")
`;
      const file = join(await tempDir(), 'session.py');
      await writeFile(file, script);
      const { stdout } = await promisify(execFile)(PYTHON, [file, prism.url]).catch(
        (error: { stdout?: string; stderr?: string }) => ({
          stdout: `${error.stdout}${error.stderr}`,
        }),
      );
      expect(stdout.trim()).toBe('ok');
    },
    120_000,
  );
});

describe("Prism validating docs/api.md's examples (the demo, the default profile)", () => {
  let server: ListeningProcess;
  let prism: PrismProxy;
  beforeAll(async () => {
    server = await spawnListening([CLI, 'serve', '--in-memory', '--port', '0']);
    prism = await startPrismProxy(openApiDocument(PROFILES['bz-companion'], '0.0.0', server.url), server.url);
  }, 120_000);
  afterAll(async () => {
    await prism?.stop();
    await server?.stop();
  });

  it('lets every example and its answer through', async () => {
    const all = examples(await readFile(join(REPO_ROOT, 'docs/api.md'), 'utf8'));
    const key = /^admin api key: (\S+)$/m.exec(server.stdout())?.[1] as string;
    const password = /^admin password: (\S+)/m.exec(server.stdout())?.[1] as string;
    const env = { ...process.env, B: `${prism.url}/rest`, KEY: key, PW: password, H: `X-BUGZILLA-API-KEY: ${key}` };
    const problems: string[] = [];
    for (const { command } of all) {
      if (!command.includes('$B') && !command.includes('127.0.0.1:3080/rest')) continue;
      const output = execFileSync('bash', ['-c', command.replaceAll('http://127.0.0.1:3080', prism.url)], {
        encoding: 'utf8',
        env,
      });
      if (output.includes('stoplight.io/prism/errors')) problems.push(`${command}: ${output.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
