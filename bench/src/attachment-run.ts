import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureAttachmentInterference } from './attachment-rows.js';
import { importFixture } from './data.js';
import { runLoad } from './load-generator.js';
import { CLI, startOurs } from './processes.js';
import { markdownTable, type Row, targetsTable } from './report.js';

/** The attachment row alone (`npm run bench:attachments`): the file store with 100,000 visits. */
const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const work = await mkdtemp(join(tmpdir(), 'bz-companion-bench-'));
const rows: Row[] = [];
try {
  const server = await startOurs(await importFixture(CLI, work, 100_000));
  const options = { connections: Number(values.connections), workDir: work };
  const load = async (spec: Parameters<typeof runLoad>[0]) => {
    await runLoad(spec, { ...options, durationSeconds: 2 });
    return runLoad(spec, { ...options, durationSeconds: Number(values.duration) });
  };
  const target = await measureAttachmentInterference(server.url, 'bz-companion', load, (name, where, result) => {
    const row = {
      name,
      server: where,
      req_per_s: result.reqPerSec,
      p50_ms: result.p50Ms,
      p99_ms: result.p99Ms,
      ratio_to_ceiling: Number.NaN,
      errors: result.errors,
    };
    rows.push(row);
    return row;
  });
  await server.stop();
  console.log(markdownTable(rows));
  console.log(targetsTable([target]));
} finally {
  await rm(work, { recursive: true, force: true });
}
