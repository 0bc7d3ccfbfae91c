import { expect, it } from 'vitest';
import { CLI, spawnListening } from '../../testing/cli-server.js';
import { describeWithPostgres, useFreshDatabase } from '../../testing/postgres-test-database.js';
import { knownMigrations } from '../stores/postgres/migrate.js';

describeWithPostgres('a first serve --database on an empty database', () => {
  const databaseUrl = useFreshDatabase();

  it('says each migration on stderr as it runs, before it is ready, and counts them in its banner', async () => {
    const spawned = spawnListening([CLI, 'serve', '--port', '0', '--database', databaseUrl()], {
      readyTimeoutMs: 120_000,
    });
    const server = await spawned;
    try {
      const said = [...server.stderr().matchAll(/^bz-companion: database: applying migration (\S+)$/gm)].map(
        (match) => match[1],
      );
      expect(said).toEqual(knownMigrations());
      expect(server.stdout().split('\n')[0]).toBe(`listening on ${server.url}`);
      expect(server.stdout()).toContain(`(created with demo data); ${said.length} migrations applied`);
    } finally {
      await server.stop();
    }
  });
});
