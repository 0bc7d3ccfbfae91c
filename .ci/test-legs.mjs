#!/usr/bin/env node
// `npm test`: every leg of the test run, each run even when one before it failed, each reported
// (passed or failed, and how long) at the end; exits non-zero if any failed. Only the build gates
// the rest: tests after a failed build would test the previous build, so they are reported as not
// run. `node .ci/test-legs.mjs 'NAME=COMMAND'...` runs those legs instead (the first one gates).
import { spawnSync } from 'node:child_process';

const DEFAULT_LEGS = [
  'build=npm run build',
  'lint (Biome)=npx biome check --error-on-warnings .',
  'unit and API tests (Vitest)=npx vitest run',
  'bench smoke=npm run test:bench',
  'browsers (Playwright: Chromium, Firefox)=npx playwright test',
];

const legs = (process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_LEGS).map((leg) => {
  const split = leg.indexOf('=');
  return { name: leg.slice(0, split), command: leg.slice(split + 1) };
});

const duration = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
const results = [];
for (const [index, leg] of legs.entries()) {
  if (index > 0 && results[0].outcome !== 'passed') {
    results.push({ leg, outcome: `not run (${legs[0].name} failed)`, ms: undefined });
    continue;
  }
  process.stderr.write(`\n=== npm test: ${leg.name} (${leg.command}) ===\n`);
  const began = Date.now();
  const run = spawnSync(leg.command, { stdio: 'inherit', shell: true });
  const outcome = run.status === 0 ? 'passed' : `FAILED (${run.signal ?? `exit ${run.status}`})`;
  results.push({ leg, outcome, ms: Date.now() - began });
}

const width = Math.max(...legs.map((leg) => leg.name.length));
const lines = results.map(
  ({ leg, outcome, ms }) =>
    `  ${leg.name.padEnd(width)}  ${(ms === undefined ? '' : duration(ms)).padStart(7)}  ${outcome}`,
);
const failed = results.filter((result) => result.outcome !== 'passed').length;
process.stderr.write(`\n=== npm test: every leg ===\n${lines.join('\n')}\n`);
process.stderr.write(`npm test: ${results.length - failed} of ${results.length} legs passed\n`);
process.exitCode = failed === 0 ? 0 : 1;
