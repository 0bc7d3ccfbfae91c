import type { LoadResult, LoadSpec } from './load-generator.js';
import type { Row, Target } from './report.js';

/** `Bugzilla.version` as each protocol asks it: what python-bugzilla (XML-RPC) and 5.x's own pages (JSON-RPC) send. */
export const RPC_VERSION_CALLS: ReadonlyArray<{ name: string; spec: (url: string) => LoadSpec }> = [
  {
    name: 'Bugzilla.version over JSON-RPC (GET /jsonrpc.cgi)',
    spec: (url) => ({ method: 'GET', url: `${url}/jsonrpc.cgi?method=Bugzilla.version` }),
  },
  {
    name: 'Bugzilla.version over JSON-RPC (POST /jsonrpc.cgi)',
    spec: (url) => ({
      method: 'POST',
      url: `${url}/jsonrpc.cgi`,
      headers: { 'Content-Type': 'application/json' },
      body: '{"method":"Bugzilla.version","params":[{}],"id":1}',
    }),
  },
  {
    name: 'Bugzilla.version over XML-RPC (POST /xmlrpc.cgi)',
    spec: (url) => ({
      method: 'POST',
      url: `${url}/xmlrpc.cgi`,
      headers: { 'Content-Type': 'text/xml' },
      body: "<?xml version='1.0'?><methodCall><methodName>Bugzilla.version</methodName><params><param><value><struct></struct></value></param></params></methodCall>",
    }),
  },
];

/** The RPC rows, measured one after another on `url` (the same server as the REST version row). */
export async function measureRpc(
  url: string,
  load: (spec: LoadSpec) => Promise<LoadResult>,
  record: (name: string, server: string, result: LoadResult) => Row,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const call of RPC_VERSION_CALLS) rows.push(record(call.name, 'bz-companion', await load(call.spec(url))));
  return rows;
}

/**
 * Each protocol's rate against REST's for the same method: the envelope costs what it costs
 * (XML parsing and writing most), but stays within these bounds of REST.
 */
export function rpcTargets(rows: readonly Row[], rest: Row): Target[] {
  const bound = (name: string) => (name.includes('XML-RPC') ? 0.2 : 0.5);
  return rows.map((row) => {
    const ratio = (row.req_per_s ?? 0) / (rest.req_per_s ?? 1);
    return {
      what: `${row.name} ≥ ${bound(row.name)}× GET /rest/version`,
      measured: `${ratio.toFixed(2)}× (${Math.round(row.req_per_s ?? 0).toLocaleString('en')} req/s)`,
      met: ratio >= bound(row.name),
    };
  });
}
