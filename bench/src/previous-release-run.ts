import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measurePreviousRelease } from './previous-release.js';
import { markdownTable, targetsTable } from './report.js';

/** `npm run bench:previous-release`: only the rows against the previous release (also part of `npm run bench`). */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:previous-release -- [--duration S] [--warmup S] [--rounds N] [--connections N]

This build and the previous release (built once from this clone's history, in node_modules/.cache) side by
side on the same imported fixture: each row in N interleaved rounds of S seconds (after a warm-up), with
N connections; prints the rows and each row's target, this build over the release.`);
  process.exit(0);
}
const workDir = await mkdtemp(join(tmpdir(), 'bz-companion-previous-'));
try {
  const { rows, targets } = await measurePreviousRelease({
    workDir,
    connections: Number(values.connections),
    durationSeconds: Number(values.duration),
    warmUpSeconds: Number(values.warmup),
    rounds: Number(values.rounds),
  });
  console.log(`${markdownTable(rows)}\n\n${targetsTable(targets)}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
