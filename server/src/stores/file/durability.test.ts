import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunningServer, runCli, serveCli, serveFixture, tempDir } from '../../../testing/cli-server.js';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { timeoutForStarts } from '../../../testing/slow-machine.js';

/**
 * kill -9 while clients are writing: every update the server acknowledged
 * must be there after a restart, and the data file must always open.
 * (npm run stress runs many more cycles.)
 */
describe('durability under kill -9', () => {
  it(
    'loses no acknowledged visit over several crash cycles',
    async () => {
      const fixture = {
        ...standardFixture(),
        bugs: Array.from({ length: 200 }, (_, i) => ({ id: i + 1 })),
        instance: { parameters: { last_visit_keep_days: '0' } },
      };
      let server = await serveFixture(fixture);
      const acknowledged = new Map<number, string>();
      for (let cycle = 0; cycle < 3; cycle++) {
        let running = true;
        const writer = async (worker: number) => {
          for (let i = 0; running; i++) {
            const bug = 1 + ((worker * 53 + i * 7 + cycle * 31) % 200);
            let visits: Array<{ id: number; last_visit_ts: string }>;
            let status: number;
            try {
              const response = await fetch(`${server.url}/rest/bug_user_last_visit/${bug}`, {
                method: 'POST',
                headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
              });
              status = response.status;
              visits = status === 200 ? ((await response.json()) as typeof visits) : [];
            } catch (error) {
              if (running) throw error;
              return; // The server died under this request: it was never acknowledged.
            }
            // An answer is never excused: a server that answers anything but 200 here is wrong, killed or not.
            if (status !== 200) throw new Error(`POST /rest/bug_user_last_visit/${bug} answered ${status}`);
            for (const visit of visits) acknowledged.set(visit.id, visit.last_visit_ts);
          }
        };
        const failures: unknown[] = [];
        const writers = Array.from({ length: 8 }, (_, worker) => writer(worker).catch((error) => failures.push(error)));
        await new Promise((resolve) => setTimeout(resolve, 150 + cycle * 120));
        running = false;
        server.process.kill('SIGKILL');
        await Promise.all(writers);
        expect(failures).toEqual([]);
        await server.stop();
        server = await serveCli(server.dataPath);
        const ids = [...acknowledged.keys()];
        const response = await fetch(
          `${server.url}/rest/bug_user_last_visit?${ids.map((id) => `ids=${id}`).join('&')}`,
          {
            headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
          },
        );
        const stored = new Map(
          ((await response.json()) as Array<{ id: number; last_visit_ts: string | null }>).map((v) => [
            v.id,
            v.last_visit_ts,
          ]),
        );
        const lost = ids.filter((id) => {
          const ts = stored.get(id);
          return ts === null || ts === undefined || ts < (acknowledged.get(id) as string);
        });
        expect(lost).toEqual([]);
      }
      expect(acknowledged.size).toBeGreaterThan(20);
      await server.stop();
      // Four server processes (the first, three restarts), each after a crash.
    },
    timeoutForStarts(4),
  );

  it(
    'loses no acknowledged comment over several crash cycles, and ids never repeat',
    async () => {
      const fixture = { ...standardFixture(), bugs: Array.from({ length: 20 }, (_, i) => ({ id: i + 1 })) };
      await commentCrashCycles(await serveFixture(fixture), [], 150);
    },
    timeoutForStarts(4),
  );

  it(
    'loses no acknowledged comment when the kills land while journals are set aside and folded',
    async () => {
      // A fold every few kB of journal, and cycles long enough for folds to end: kills come during one,
      // between its steps, and between folds.
      const foldOften = ['--fold-after', '2000'];
      const dir = await tempDir();
      const fixturePath = join(dir, 'fixture.json');
      await writeFile(
        fixturePath,
        JSON.stringify({ ...standardFixture(), bugs: Array.from({ length: 20 }, (_, i) => ({ id: i + 1 })) }),
      );
      const dataPath = join(dir, 'data.json');
      expect((await runCli(['import', fixturePath, '--data', dataPath])).code).toBe(0);
      await commentCrashCycles(await serveCli(dataPath, foldOften), foldOften, 700);
      // An import, four server processes, and cycles long enough for folds to end.
    },
    timeoutForStarts(6),
  );
});

/**
 * Eight writers post comments to bugs 1–20 for `runMs` (more each cycle); kill -9, restart with `args`,
 * and every acknowledged comment must be there.
 */
async function commentCrashCycles(first: RunningServer, args: string[], runMs: number): Promise<void> {
  let server = first;
  const acknowledged = new Map<number, string>();
  const repeatedIds: number[] = [];
  for (let cycle = 0; cycle < 3; cycle++) {
    let running = true;
    const writer = async (worker: number) => {
      for (let i = 0; running; i++) {
        const text = `cycle ${cycle} worker ${worker} comment ${i}`;
        try {
          const response = await fetch(`${server.url}/rest/bug/${1 + ((worker + i) % 20)}/comment`, {
            method: 'POST',
            headers: { 'X-BUGZILLA-API-KEY': KEYS.bob, 'Content-Type': 'application/json' },
            body: JSON.stringify({ comment: text }),
          });
          if (response.status !== 201) throw new Error(`unexpected ${response.status}`);
          const { id } = (await response.json()) as { id: number };
          if (acknowledged.has(id)) repeatedIds.push(id);
          acknowledged.set(id, text);
        } catch (error) {
          if (running) throw error;
          return; // The server died under this request: it was never acknowledged.
        }
      }
    };
    // A writer fails only on a wrong answer while the server was up: that must fail the test, not vanish.
    const failures: unknown[] = [];
    const writers = Array.from({ length: 8 }, (_, worker) =>
      writer(worker).catch((error: unknown) => {
        failures.push(error);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, runMs * (1 + cycle * 0.8)));
    running = false;
    server.process.kill('SIGKILL');
    await Promise.all(writers);
    expect(failures).toEqual([]);
    await server.stop();
    server = await serveCli(server.dataPath, args);
    // Every comment of the 20 bugs, by id: an acknowledged one missing or different is lost.
    const query = Array.from({ length: 19 }, (_, i) => `ids=${i + 2}`).join('&');
    const response = await fetch(`${server.url}/rest/bug/1/comment?${query}&include_fields=id,text`, {
      headers: { 'X-BUGZILLA-API-KEY': KEYS.bob },
    });
    expect(response.status).toBe(200);
    const { bugs } = (await response.json()) as {
      bugs: Record<string, { comments: Array<{ id: number; text: string }> }>;
    };
    const stored = new Map(Object.values(bugs).flatMap(({ comments }) => comments.map((c) => [c.id, c.text] as const)));
    const lost = [...acknowledged.keys()].filter((id) => stored.get(id) !== acknowledged.get(id));
    expect(lost).toEqual([]);
  }
  expect(repeatedIds).toEqual([]);
  expect(acknowledged.size).toBeGreaterThan(20);
  await server.stop();
}
