import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/bugzilla/store/store.js';
import { openStore } from '../../src/stores/open/open-store.js';
import { createScratchDatabase } from '../../src/stores/postgres/scratch-database.js';
import { makeBugzillaDir } from '../bugzilla-test-database.js';
import { tempDir } from '../cli-server.js';
import { type InProcessServer, ManualClock, serveStoreInProcess } from '../in-process-server.js';
import { sendRecorded, TokenMap } from '../recorded-replay.js';
import { recordedCases } from '../recordings.js';
import { HAS_POSTGRES } from '../replay-stores.js';
import { readSearchDataSet, searchDataSetSnapshot } from '../search-data-set.js';
import { loadSearchDataSet } from '../search-data-set-bugzilla.js';
import { sameAnswer, searchAnswer } from './search-answers.js';
import { SEARCH_DIFFERENCES } from './search-differences.js';

/*
 * search.json, 806 searches recorded from a real 5.2 on the search data set (test-data/bugzilla-5.2/
 * search.md), replayed on every store holding that data set: each must find the same bugs in the same
 * order (as sets where 5.2 left the order to its database), or refuse with the same error.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const RECORDED_AT = Date.parse('2026-12-01T21:44:56Z');

interface Target {
  name: string;
  needsPostgres: boolean;
  open(): Promise<{ store: Store; close(): Promise<void> }>;
}

const TARGETS: Target[] = [
  {
    name: 'the memory store',
    needsPostgres: false,
    async open() {
      const { store } = await openStore({ kind: 'memory', snapshot: searchDataSetSnapshot() });
      return { store, close: () => store.close() };
    },
  },
  {
    name: 'the file store',
    needsPostgres: false,
    async open() {
      const path = join(await tempDir(), 'data.json');
      const { store } = await openStore({ kind: 'file', path, create: searchDataSetSnapshot });
      return { store, close: () => store.close() };
    },
  },
  {
    name: 'a Bugzilla 5.2 database (--bugzilla-schema)',
    needsPostgres: true,
    async open() {
      const database = await createScratchDatabase(TEST_DATABASE_URL as string);
      const { default: pg } = await import('pg');
      const sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      await loadSearchDataSet(sql);
      await sql.end();
      const dir = await makeBugzillaDir({ ...readSearchDataSet().parameters, maintainer: 'admin@example.com' });
      const { store } = await openStore({ kind: 'bugzilla', url: database.url, bugzillaDir: dir });
      return {
        store,
        close: async () => {
          await store.close();
          await database.drop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL, our schema',
    needsPostgres: true,
    async open() {
      const database = await createScratchDatabase(TEST_DATABASE_URL as string);
      const { store } = await openStore({ kind: 'postgres', url: database.url, seed: searchDataSetSnapshot });
      return {
        store,
        close: async () => {
          await store.close();
          await database.drop();
        },
      };
    },
  },
];

/** The cases that change a parameter around them (search.md says which), by their name's prefix. */
const PARAMETERS: ReadonlyArray<[RegExp, Record<string, string>]> = [
  [/^max_search_results=5:/, { max_search_results: '5' }],
  [/^search_allow_no_criteria=0:/, { search_allow_no_criteria: '0' }],
];

function withParameters<T>(store: Store, name: string, run: () => Promise<T>): Promise<T> {
  const found = PARAMETERS.find(([pattern]) => pattern.test(name))?.[1];
  if (!found) return run();
  const parameters = store.instance.parameters;
  const before = Object.fromEntries(Object.keys(found).map((key) => [key, parameters[key]]));
  Object.assign(parameters, found);
  return run().finally(() => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete parameters[key];
      else parameters[key] = value;
    }
  });
}

const cases = recordedCases('search');

for (const target of TARGETS) {
  describe.skipIf(target.needsPostgres && !HAS_POSTGRES)(`Bugzilla 5.2's searches on ${target.name}`, () => {
    let server: InProcessServer;
    let close: () => Promise<void>;
    const tokens = new TokenMap();
    beforeAll(async () => {
      const opened = await target.open();
      close = opened.close;
      server = await serveStoreInProcess(opened.store, {
        profile: 'bugzilla-5.2',
        clock: new ManualClock(RECORDED_AT),
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await close?.();
    });
    for (const recorded of cases) {
      const difference = SEARCH_DIFFERENCES[recorded.n];
      it(`#${recorded.n} ${recorded.name}${difference ? ` (differs: ${difference})` : ''}`, async () => {
        const store = server.store;
        const answer = await withParameters(store, recorded.name, () => sendRecorded(server.url, recorded, tokens));
        const ours = searchAnswer(answer.status, answer.text);
        const theirs = searchAnswer(recorded.response.status, recorded.response.body);
        const maxResults = /^max_search_results=5:/.test(recorded.name) ? 5 : 10000;
        const same = sameAnswer(recorded, theirs, ours, maxResults);
        expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
        if (difference) expect(same, JSON.stringify(ours).slice(0, 300)).toBe(false);
        else expect(ours, `5.2: ${JSON.stringify(theirs).slice(0, 600)}`).toSatisfy(() => same);
      });
    }
  });
}
