import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/bugzilla/store/store.js';
import { openStore } from '../../src/stores/open/open-store.js';
import { createScratchDatabase } from '../../src/stores/postgres/scratch-database.js';
import { tempDir } from '../cli-server.js';
import { type InProcessServer, ManualClock, serveStoreInProcess } from '../in-process-server.js';
import { sendRaw } from '../raw-request.js';
import { HAS_POSTGRES } from '../replay-stores.js';
import { searchDataSetSnapshot } from '../search-data-set.js';
import { searchParameters } from './search-criteria.js';
import { SEARCH_FUZZ_CASES } from './search-fuzz-cases.js';

/*
 * Bug.search's criteria tree is compiled once (bugzilla/search/) and run by each store: in memory over
 * the model's indexes, on PostgreSQL as one SQL statement. Random parameter sets over the search data
 * set must get the same answer from both — the same bug ids in the same order, or the same Bugzilla
 * error code — and never a 500. Without PostgreSQL the file store stands in for it.
 */

/** `npm run stress` raises this to thousands. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
/** After the data set's last change, as search.json was recorded (days_elapsed and relative dates). */
const NOW = Date.parse('2026-12-01T21:44:56Z');

/** Callers who see different bugs (groups, private comments, personal tags), and nobody. */
const KEYS = [
  'OracleAdminKey0000000000000000000000000A',
  'OracleUserKey00000000000000000000000000U',
  'OracleDevKey000000000000000000000000000V',
  'OracleContractorKey00000000000000000000C',
  undefined,
];

async function openOther(): Promise<{ name: string; store: Store; close(): Promise<void> }> {
  if (HAS_POSTGRES) {
    const database = await createScratchDatabase(TEST_DATABASE_URL as string);
    const { store } = await openStore({ kind: 'postgres', url: database.url, seed: searchDataSetSnapshot });
    return { name: 'PostgreSQL', store, close: () => store.close().then(() => database.drop()) };
  }
  const path = join(await tempDir(), 'data.json');
  const { store } = await openStore({ kind: 'file', path, create: searchDataSetSnapshot });
  return { name: 'the file store', store, close: () => store.close() };
}

/** What a search answered: its bug ids in order, or its error code. */
async function answer(server: InProcessServer, query: URLSearchParams, key: string | undefined): Promise<string> {
  const response = await sendRaw(server.url, {
    method: 'GET',
    path: `/rest/bug?${query}&include_fields=id`,
    headers: key === undefined ? {} : { 'X-BUGZILLA-API-KEY': key },
  });
  if (response.status >= 500) return `HTTP ${response.status} ${response.body.slice(0, 200)}`;
  const body = JSON.parse(response.body) as { error?: boolean; code?: number; bugs?: Array<{ id: number }> };
  if (body.error) return `error ${body.code}`;
  return `bugs ${(body.bugs ?? []).map((bug) => bug.id).join(',')}`;
}

/** That neither store answers a 500, and both the same. */
async function same(query: URLSearchParams, key: string | undefined): Promise<void> {
  const [inMemory, there] = await Promise.all([answer(memory, query, key), answer(other, query, key)]);
  const said = `${query} (${key ?? 'nobody'}): in memory ${inMemory}; on ${otherName} ${there}`;
  expect(inMemory.startsWith('HTTP') || there.startsWith('HTTP'), said).toBe(false);
  expect(there, said).toBe(inMemory);
}

let memory: InProcessServer;
let other: InProcessServer;
let otherName = '';
let closeOther: () => Promise<void>;
beforeAll(async () => {
  const clock = new ManualClock(NOW);
  const { store } = await openStore({ kind: 'memory', snapshot: searchDataSetSnapshot() });
  memory = await serveStoreInProcess(store, { profile: 'bugzilla-5.2', clock });
  const opened = await openOther();
  otherName = opened.name;
  closeOther = opened.close;
  other = await serveStoreInProcess(opened.store, { profile: 'bugzilla-5.2', clock });
}, 120_000);
afterAll(async () => {
  await memory?.stop();
  await memory?.store.close();
  await other?.stop();
  await closeOther?.();
});

describe('fuzzing Bug.search', () => {
  it.each(SEARCH_FUZZ_CASES)('answers alike in memory and on the other store: %s', async (text) => {
    const query = new URLSearchParams(text);
    for (const key of KEYS) await same(query, key);
  });

  it(`answers ${RUNS} random parameter sets alike in memory and on the other store, never a 500`, async () => {
    await fc.assert(
      fc.asyncProperty(searchParameters, fc.constantFrom(...KEYS), async (query, key) => {
        await same(query, key);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
