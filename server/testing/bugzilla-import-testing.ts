/** What the benchmarks need to build Bugzilla databases to import (package export `./bugzilla-import-testing`). */

export { createScratchDatabase } from '../src/stores/postgres/scratch-database.js';
export { completeAsInstalled, createBugzillaSchema } from './bugzilla-ddl.js';
export { type GeneratedTracker, writeGeneratedBugzilla, writeSmallBugzilla } from './bugzilla-import-data.js';
export { type BugzillaSqlSession, createScratchMysqlDatabase, openBugzillaSqlSession } from './bugzilla-sql-session.js';
