import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadResult, LoadSpec } from './load-generator.js';
import type { Row, Target } from './report.js';

/** The catalogue rows' tracker: 100 products of 50 components each, and 100,000 users. */
export const CATALOGUE_KEY = 'CatalogueKey0123456789abcdefghijklmnopqr';
const PRODUCTS = 100;
const COMPONENTS = 50;
const USERS = 100_000;

export const PRODUCT_ROW = `GET /rest/product?type=accessible (${PRODUCTS} products × ${COMPONENTS} components)`;
export const MATCH_ROW = `GET /rest/user?match= (${USERS.toLocaleString('en')} users, limit 10)`;

/** The fixture, through the documented format: users 1.. with names to match, products owned by the first ones. */
export async function importCatalogueFixture(cli: string, workDir: string): Promise<string> {
  const users = Array.from({ length: USERS }, (_, i) => ({
    login: `person${i + 1}@example.com`,
    real_name: `Person Number ${i + 1}`,
    ...(i === 0 ? { api_keys: [CATALOGUE_KEY] } : {}),
  }));
  const products = Array.from({ length: PRODUCTS }, (_, p) => ({
    name: `Product ${p + 1}`,
    description: `The product number ${p + 1}`,
    components: Array.from({ length: COMPONENTS }, (_, c) => ({
      name: `Component ${c + 1}`,
      description: `Component ${c + 1} of product ${p + 1}`,
      default_assignee: `person${1 + ((p * COMPONENTS + c) % 1000)}@example.com`,
    })),
    versions: ['1.0', '2.0', 'unspecified'],
  }));
  const flag_types = [
    { name: 'review', description: 'Code review' },
    { name: 'needinfo', description: 'More information requested' },
  ];
  const fixture = join(workDir, 'catalogue-fixture.json');
  const data = join(workDir, 'catalogue-data.json');
  await writeFile(fixture, JSON.stringify({ instance: { version: '5.2' }, users, products, flag_types }));
  const result = spawnSync(process.execPath, [cli, 'import', fixture, '--data', data], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`import failed: ${result.stderr}`);
  return data;
}

/** The two rows: every product with every component, and one match over every user. */
export async function measureCatalogue(
  url: string,
  load: (spec: LoadSpec) => Promise<LoadResult>,
  record: (name: string, server: string, result: LoadResult) => Row,
): Promise<Row[]> {
  const headers = { 'X-BUGZILLA-API-KEY': CATALOGUE_KEY };
  const products = await load({ method: 'GET', url: `${url}/rest/product?type=accessible`, headers });
  // A name near the end, so the whole table is looked through.
  const match = await load({ method: 'GET', url: `${url}/rest/user?match=Number%2099999&limit=10`, headers });
  return [record(PRODUCT_ROW, 'bz-companion', products), record(MATCH_ROW, 'bz-companion', match)];
}

export function catalogueTargets(rows: readonly Row[]): Target[] {
  const [products, match] = rows;
  return [
    {
      what: `${PRODUCT_ROW}: p50 ≤ 5 ms`,
      measured: `p50 ${(products?.p50_ms ?? Number.NaN).toFixed(2)} ms (${Math.round(products?.req_per_s ?? 0)} req/s)`,
      met: (products?.p50_ms ?? Number.POSITIVE_INFINITY) <= 5,
    },
    {
      what: `${MATCH_ROW}: p99 ≤ 20 ms`,
      measured: `p99 ${(match?.p99_ms ?? Number.NaN).toFixed(2)} ms (${Math.round(match?.req_per_s ?? 0)} req/s)`,
      met: (match?.p99_ms ?? Number.POSITIVE_INFINITY) <= 20,
    },
  ];
}
