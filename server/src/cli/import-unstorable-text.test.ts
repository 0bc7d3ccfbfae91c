import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../testing/cli-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../testing/postgres-test-database.js';

/*
 * A fixture holding text no store can keep (NUL: no PostgreSQL text column takes it; half of a
 * surrogate pair) is refused by every store alike, in the one line docs/cli.md promises for a bad
 * fixture: the file and the field named, nothing written.
 */

/** One case per store here (each is a CLI run); fixture/storable-text.test.ts names every kind of place. */
const cases: Array<[string, unknown, RegExp]> = [
  [
    'a comment',
    {
      users: [{ login: 'a@example.com' }],
      bugs: [{ id: 1, comments: [{ text: 'x\u0000', author: 'a@example.com' }] }],
    },
    /bugs\[0\]\.comments\[0\]\.text holds a character no store can keep/,
  ],
];

async function writeFixture(fixture: unknown): Promise<{ dir: string; fixturePath: string }> {
  const dir = await tempDir();
  const fixturePath = join(dir, 'fixture.json');
  await writeFile(fixturePath, JSON.stringify(fixture));
  return { dir, fixturePath };
}

function expectRefusal(result: { code: number | null; stderr: string }, fixturePath: string, message: RegExp) {
  expect(result.code).not.toBe(0);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(`fixture ${fixturePath}: `);
  expect(result.stderr).toMatch(message);
}

describe('import of a fixture with text no store can keep (file store)', () => {
  it.each(cases)(
    'refuses %s in one line naming the file and the field, data untouched',
    async (_, fixture, message) => {
      const { dir, fixturePath } = await writeFixture(fixture);
      const dataPath = join(dir, 'data.json');
      expectRefusal(await runCli(['import', fixturePath, '--data', dataPath]), fixturePath, message);
      await expect(readFile(dataPath)).rejects.toThrow(/ENOENT/);
    },
  );
});

describeWithPostgres('import of a fixture with text no store can keep (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();
  it.each(cases)('refuses %s in one line naming the file and the field', async (_, fixture, message) => {
    const { fixturePath } = await writeFixture(fixture);
    const result = await runCli(['import', fixturePath, '--database', databaseUrl()]);
    expectRefusal(result, fixturePath, message);
    expect(result.stderr).not.toMatch(/invalid byte sequence/);
  });
});
