import { type BugzillaSource, engineOf } from './bugzilla-source.js';

export { type BugzillaEngine, type BugzillaSource, engineOf } from './bugzilla-source.js';

/** Connects to a Bugzilla database by URL (mysql://, mariadb:// or postgres://). */
export async function openBugzillaSource(url: string): Promise<BugzillaSource> {
  const engine = engineOf(url);
  if (engine === 'mysql') return (await import('./mysql-source.js')).openMysqlSource(url);
  if (engine === 'postgres') return (await import('./postgres-source.js')).openPostgresSource(url);
  throw new Error(`the Bugzilla database must be a mysql://… or postgres://… URL`);
}
