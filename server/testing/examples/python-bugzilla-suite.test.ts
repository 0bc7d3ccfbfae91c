import { execFile, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../src/stores/postgres/scratch-database.js';
import { CLI, tempDir } from '../cli-server.js';
import { freePort } from '../free-port.js';
import { describeWithMariadb, useFreshMysqlDatabase } from '../mariadb-test-database.js';
import { testDatabaseUrl } from '../postgres-test-database.js';

/*
 * python-bugzilla's own integration suite (ro and rw, XML-RPC and REST) against the companion serving its
 * test database, imported from MariaDB: docs/test-double.md's block run as written, on the file store and,
 * with TEST_DATABASE_URL, on PostgreSQL. A real Bugzilla 5.2 with that database passes it with 73 tests
 * and 2 expected failures; so must we. The checkout is the developer's own (PYTHON_BUGZILLA_DIR): its
 * tests and dump are never copied into this repository.
 */

const CHECKOUT = process.env.PYTHON_BUGZILLA_DIR?.trim() || undefined;
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const SECTION = "### A client's own test suite against the copy: python-bugzilla's";
/** What 5.2 gives: both backends of the one test its suite marks as failing (no CLOSED status). */
const EXPECTED_XFAIL = ['test_close_bug[REST]', 'test_close_bug[XMLRPC]'];
/** Its integration tests at python-bugzilla 3.3.0 (each once per backend); a later checkout may have more. */
const AT_LEAST = 75;

function skipReason(): string | undefined {
  if (CHECKOUT === undefined) return 'PYTHON_BUGZILLA_DIR (a checkout of python-bugzilla) is not set';
  const dump = join(CHECKOUT, 'tests/services/bugs.sql');
  if (spawnSync('test', ['-f', dump]).status !== 0) return `PYTHON_BUGZILLA_DIR has no ${dump}`;
  if (spawnSync(PYTHON, ['-c', 'import pytest, requests, responses']).status !== 0)
    return `${PYTHON} lacks pytest, requests or responses (Debian: python3-pytest python3-requests python3-responses)`;
  return undefined;
}

const skipped = skipReason();
if (skipped !== undefined) {
  console.warn(
    `\n*** SKIPPED: python-bugzilla's integration suite: ${skipped}. ***\n` +
      '*** PYTHON_BUGZILLA_DIR=DIR .ci/with-mariadb .ci/with-postgres npx vitest run server/src/examples/python-bugzilla-suite.test.ts ***\n',
  );
}

/** Loads python-bugzilla's MariaDB dump into the database as the `mariadb` client would. */
async function loadDump(url: string, dump: string): Promise<void> {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4', multipleStatements: true });
  try {
    await connection.query(await readFile(dump, 'utf8'));
  } finally {
    await connection.end();
  }
}

interface Outcome {
  tests: number;
  failed: string[];
  xfailed: string[];
}

/** The suite's junit.xml (its conftest hides pytest's summary line): what failed, what failed as expected. */
function outcome(xml: string): Outcome {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'testcase',
  });
  const suites = parser.parse(xml).testsuites?.testsuite ?? parser.parse(xml).testsuite;
  const cases: Array<Record<string, unknown>> = (Array.isArray(suites) ? suites : [suites]).flatMap(
    (suite) => suite.testcase ?? [],
  );
  const failed: string[] = [];
  const xfailed: string[] = [];
  for (const testcase of cases) {
    const name = `${testcase.classname}::${testcase.name}`;
    const problem = (testcase.failure ?? testcase.error) as { message?: string } | undefined;
    if (problem !== undefined) failed.push(`${name}: ${problem.message ?? ''}`.slice(0, 400));
    const skip = testcase.skipped as { type?: string } | string | undefined;
    if (skip !== undefined) {
      if (typeof skip === 'object' && skip.type === 'pytest.xfail') xfailed.push(String(testcase.name));
      else failed.push(`${name}: skipped`);
    }
  }
  return { tests: cases.length, failed, xfailed: xfailed.sort() };
}

(skipped === undefined ? describeWithMariadb : describe.skip)("python-bugzilla's integration suite", () => {
  const databaseUrl = useFreshMysqlDatabase();

  async function runBlock(store: 'file' | 'postgres'): Promise<Outcome> {
    const docs = await readFile(new URL('../../../docs/test-double.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf(SECTION));
    let script = /```sh\n([\s\S]*?)```/.exec(section)?.[1] as string;
    script = script
      .replaceAll('3084', String(await freePort()))
      .replaceAll('npx bz-companion', `"${process.execPath}" "${CLI}"`)
      .replaceAll('./node_modules/.bin/bz-companion', `"${process.execPath}" "${CLI}"`)
      .replaceAll('python3 -m pytest', `"${PYTHON}" -m pytest`);
    if (store === 'postgres') {
      const database = await createScratchDatabase(testDatabaseUrl as string);
      script = script.replaceAll('--data pybz/tracker.json', `--database "${database.url}"`);
    }
    const dir = await tempDir();
    await promisify(execFile)('bash', ['-euc', script], {
      cwd: dir,
      env: { ...process.env, PYTHON_BUGZILLA: CHECKOUT, BUGZILLA_DB: databaseUrl() },
      timeout: 1_500_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return outcome(await readFile(join(dir, 'pybz/junit.xml'), 'utf8'));
  }

  it('loads its dump', async () => {
    await loadDump(databaseUrl(), join(CHECKOUT as string, 'tests/services/bugs.sql'));
  }, 60_000);

  it('passes on the file store as on Bugzilla 5.2: no failure, its 2 expected ones', async () => {
    const result = await runBlock('file');
    expect(result.failed).toEqual([]);
    expect(result.xfailed).toEqual(EXPECTED_XFAIL);
    expect(result.tests).toBeGreaterThanOrEqual(AT_LEAST);
  }, 1_600_000);

  it.skipIf(testDatabaseUrl === undefined)(
    'passes on PostgreSQL as on Bugzilla 5.2',
    async () => {
      const result = await runBlock('postgres');
      expect(result.failed).toEqual([]);
      expect(result.xfailed).toEqual(EXPECTED_XFAIL);
      expect(result.tests).toBeGreaterThanOrEqual(AT_LEAST);
    },
    1_600_000,
  );
});
