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
  },
});
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
