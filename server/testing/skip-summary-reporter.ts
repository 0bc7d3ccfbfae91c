import type { Reporter, TestModule } from 'vitest/node';
import { NEEDS, type Need, needOf } from './skipped-suites.js';

/**
 * Ends the run with one summary of the suites skipped for want of a database (skipped-suites.ts),
 * how many in how many files, and how to run them; and, without TEST_DATABASE_URL, that the API
 * tests ran on the file store only (vitest.config.ts). Said once, after everything else.
 */
export default class SkipSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped = new Map<Need, { suites: number; files: Set<string> }>();
    for (const module of testModules) {
      for (const suite of module.children.allSuites()) {
        const need = needOf(suite.name);
        if (need === undefined || suite.state() !== 'skipped') continue;
        const entry = skipped.get(need) ?? { suites: 0, files: new Set<string>() };
        entry.suites++;
        entry.files.add(module.moduleId);
        skipped.set(need, entry);
      }
    }
    const lines: string[] = [];
    for (const [need, { suites, files }] of skipped) {
      lines.push(
        `*** SKIPPED: ${suites} suite${suites > 1 ? 's' : ''} in ${files.size} file${files.size > 1 ? 's' : ''} need ${need}: ${NEEDS[need].unless}. ***`,
        `***   ${NEEDS[need].how} ***`,
      );
    }
    if (!process.env.TEST_DATABASE_URL?.trim()) {
      lines.push(
        '*** The API tests ran on the file store only: set TEST_DATABASE_URL (or run `.ci/with-postgres npx vitest run`) to run them on PostgreSQL too. ***',
      );
    }
    if (lines.length > 0) process.stderr.write(`\n${lines.join('\n')}\n`);
  }
}
