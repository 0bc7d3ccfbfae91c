import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { PostgresStore } from './postgres-store.js';

const WRITER = fileURLToPath(new URL('../../../dist/testing/visit-writer-process.js', import.meta.url));
const WRITERS = 4;

describeWithPostgres('an instance killed with kill -9 while writing (PostgreSQL)', () => {
  const databaseUrl = useFreshDatabase();

  it('loses nothing it acknowledged', async () => {
    expect(existsSync(WRITER), 'run `npm run build` first: the writer runs as a compiled process').toBe(true);
    const seed = snapshotFromFixture({
      users: Array.from({ length: WRITERS }, (_, i) => ({ login: `writer${i + 1}@example.com` })),
      bugs: Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })),
    });
    const store = await PostgresStore.open(databaseUrl(), { seed });
    try {
      const lastAcknowledged = new Map<string, number>();
      const child = spawn(process.execPath, [WRITER, databaseUrl(), String(WRITERS)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let buffered = '';
      let acks = 0;
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)));
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const [, user, bug, ts] = line.split(' ');
          lastAcknowledged.set(`${user}:${bug}`, Number(ts));
          // Killed mid-stream, with writes in flight on every connection.
          if (++acks === 400) child.kill('SIGKILL');
        }
      });
      expect(await exited).toBe('SIGKILL');
      expect(lastAcknowledged.size).toBe(WRITERS * 10);
      for (const [key, ts] of lastAcknowledged) {
        const [user, bug] = key.split(':').map(Number) as [number, number];
        // At least the last acknowledged write; a later one may have committed unacknowledged.
        expect(await store.lastVisit(user, bug)).toBeGreaterThanOrEqual(ts);
      }
    } finally {
      await store.close();
    }
  });
});
