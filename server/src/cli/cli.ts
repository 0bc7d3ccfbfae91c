import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { LatencyRule } from '@bz-companion/shared';
import { parseLatencySpec } from '../admin/latency.js';
import { parseInstant } from '../bugzilla/adjustable-clock.js';
import { engineOf } from '../import/bugzilla-db/source.js';
import { packageVersion } from '../package-version.js';
import { isProfileName, PROFILE_NAMES } from '../profiles/profile.js';
import { UpstreamOptionsError } from '../test-double/upstream.js';
import { addUser, replaceApiKey } from './add-user.js';
import { importBugzilla } from './import-bugzilla.js';
import { importFixture } from './import-fixture.js';
import { importRecordings } from './import-recordings.js';
import { redactDatabaseUrl } from './open-serve-store.js';
import { DEFAULT_MAX_CONNECTIONS, serve } from './serve.js';
import { DEFAULT_DATA_FILE, USAGE, UsageError } from './usage.js';

/** Where the store lives: the JSON data file, or PostgreSQL when a database URL is given (DATABASE_URL too). */
const DATA_OPTION = {
  data: { type: 'string' },
  database: { type: 'string', default: process.env.DATABASE_URL || undefined },
} as const;

/**
 * The data file, checked before anything opens it: only one store may be named, and a path whose
 * folder is missing or that is a folder is refused in one line (never created silently, never a
 * bare EISDIR).
 */
function parseData(data: string | undefined, database: string | undefined): string {
  if (data !== undefined && database !== undefined) {
    const from = process.env.DATABASE_URL && database === process.env.DATABASE_URL ? 'DATABASE_URL' : '--database';
    throw new UsageError(`--data and ${from} name two stores; give one of them`);
  }
  // The default file's folder is made on first use, as the banner then says.
  if (data === undefined || database !== undefined) return data ?? DEFAULT_DATA_FILE;
  const path = data;
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) throw new UsageError(`--data ${path}: its folder ${folder} does not exist; create it first`);
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new UsageError(`--data ${path} is a folder; name a file, such as ${join(path, DEFAULT_DATA_FILE)}`);
  }
  return path;
}

/** --database URL must be a PostgreSQL URL; a mistyped one is a usage error, not a connection failure. */
function parseDatabase(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new UsageError(
      `--database must be a postgres://user:pass@host:5432/db URL (got "${redactDatabaseUrl(url)}")`,
    );
  }
  return url;
}

/** --bugzilla-schema serves an existing Bugzilla's database: it needs that database and the installation's directory. */
function parseBugzillaSchema(
  on: boolean,
  dir: string | undefined,
  database: string | undefined,
  admin: boolean,
): string | undefined {
  if (!on) {
    if (dir !== undefined) throw new UsageError('--bugzilla-dir goes with --bugzilla-schema');
    return undefined;
  }
  if (database === undefined) throw new UsageError("--bugzilla-schema needs --database URL (the Bugzilla's database)");
  if (dir === undefined)
    throw new UsageError("--bugzilla-schema needs --bugzilla-dir DIR (the Bugzilla's installation)");
  // The admin API resets the whole content, which is Bugzilla's here.
  if (admin) throw new UsageError("--admin cannot go with --bugzilla-schema: the data is Bugzilla's to change");
  return dir;
}

/** --latency SPEC: a bad one is a usage error naming the forms. */
function parseLatency(spec: string): LatencyRule {
  try {
    return parseLatencySpec(spec);
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`);
  }
}

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not '${text}'`);
  return Number(text);
}

function parseMaxConnections(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000)
    throw new UsageError(`--max-connections must be a number from 1 to 1000000, not '${text}'`);
  return Number(text);
}

function parseFoldAfter(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`--fold-after must be a number of bytes of journal, at least 1, not '${text}'`);
  return Number(text);
}

function parseClock(text: string): number {
  const ms = parseInstant(text);
  if (ms === undefined)
    throw new UsageError(`--clock must be an ISO 8601 instant such as 2026-01-01T00:00:00Z, not '${text}'`);
  return ms;
}

/** The thin shell around the app: parse, dispatch, and turn failures into one line on stderr. */
export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return;
    case '--version':
    case '-v':
      console.log(packageVersion());
      return;
    case 'serve':
      return serveCommand(rest);
    case 'import':
      return importCommand(rest);
    case 'user':
      return userCommand(rest);
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage =
    error instanceof UsageError ||
    error instanceof UpstreamOptionsError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  const message = error instanceof Error ? error.message : String(error);
  console.error(`bz-companion: ${message}${usage ? ' (see bz-companion --help)' : ''}`);
  if (!usage && !isExpected(error)) console.error((error as Error).stack);
  process.exit(usage ? 2 : 1);
});

/** Failures the user can act on get one line; anything else also gets its stack. */
function isExpected(error: unknown): boolean {
  const name = (error as Error).name;
  return (
    [
      'FixtureError',
      'CorruptDataError',
      'DataFileInUseError',
      'PortInUseError',
      'NewUserError',
      'SchemaError',
      'BugzillaSchemaError',
      'DatabaseUnavailableError',
      'BugzillaImportError',
      'RecordingsError',
      'TooLargeForFileStoreError',
    ].includes(name) || typeof (error as NodeJS.ErrnoException).code === 'string'
  );
}

/** `serve`: the options read and checked, then the server started. */
/**
 * A proxy, or a replay without --fallback, answers every request from the tracker or the recordings
 * and opens no store: a store named beside it would be silently unused, so it is refused.
 */
function refuseStoreBesideUpstream(values: {
  proxy?: string | undefined;
  replay?: string | undefined;
  fallback: boolean;
  data?: string | undefined;
  database?: string | undefined;
  'in-memory': boolean;
}): void {
  const upstream =
    values.proxy !== undefined ? '--proxy' : values.replay !== undefined && !values.fallback ? '--replay' : '';
  if (upstream === '') return;
  const named =
    values.data !== undefined
      ? '--data'
      : values['in-memory']
        ? '--in-memory'
        : values.database !== undefined && values.database !== process.env.DATABASE_URL
          ? '--database'
          : undefined;
  if (named === undefined) return;
  const instead = upstream === '--replay' ? ' (or add --fallback to answer misses from it)' : '';
  throw new UsageError(`${upstream} answers every request itself and opens no store: drop ${named}${instead}`);
}

async function serveCommand(rest: string[]): Promise<void> {
  const { values } = parseArgs({
    args: rest,
    options: {
      host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
      port: { type: 'string', default: process.env.PORT || '3080' },
      'in-memory': { type: 'boolean', default: false },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      'log-requests': { type: 'boolean', default: false },
      admin: { type: 'boolean', default: false },
      clock: { type: 'string' },
      latency: { type: 'string', multiple: true, default: [] },
      proxy: { type: 'string' },
      record: { type: 'string' },
      replay: { type: 'string' },
      fallback: { type: 'boolean', default: false },
      validate: { type: 'boolean', default: false },
      profile: { type: 'string' },
      'bugzilla-schema': { type: 'boolean', default: false },
      'bugzilla-dir': { type: 'string' },
      'max-connections': { type: 'string', default: String(DEFAULT_MAX_CONNECTIONS) },
      'fold-after': { type: 'string' },
      ...DATA_OPTION,
    },
  });
  const profile = values.profile;
  if (profile !== undefined && !isProfileName(profile)) {
    throw new UsageError(`--profile must be one of ${PROFILE_NAMES.join(', ')} (got "${profile}")`);
  }
  const database = parseDatabase(values.database);
  const port = parsePort(values.port);
  const bugzillaDir = parseBugzillaSchema(values['bugzilla-schema'], values['bugzilla-dir'], database, values.admin);
  const data = parseData(values.data, database);
  refuseStoreBesideUpstream(values);
  await serve({
    host: values.host,
    port,
    data,
    database,
    ...(bugzillaDir === undefined ? {} : { bugzillaDir }),
    inMemory: values['in-memory'],
    allowedHosts: values['allowed-host'],
    logRequests: values['log-requests'],
    maxConnections: parseMaxConnections(values['max-connections']),
    ...(values['fold-after'] === undefined ? {} : { foldAfterBytes: parseFoldAfter(values['fold-after']) }),
    admin: values.admin,
    clock: values.clock === undefined ? null : parseClock(values.clock),
    ...(profile ? { profile } : {}),
    latency: values.latency.map(parseLatency),
    validate: values.validate,
    upstream: { proxy: values.proxy, record: values.record, replay: values.replay, fallback: values.fallback },
  });
}

/** `import FIXTURE.json`, or `import --from-recordings DIR [--write-fixture FILE]`: the store's contents replaced. */
async function importCommand(rest: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      'from-bugzilla': { type: 'string' },
      'bugzilla-dir': { type: 'string' },
      'with-passwords': { type: 'boolean', default: false },
      'from-recordings': { type: 'string' },
      'write-fixture': { type: 'string' },
      ...DATA_OPTION,
    },
    allowPositionals: true,
  });
  const database = parseDatabase(values.database);
  const target = { data: parseData(values.data, database), database };
  const fromRecordings = values['from-recordings'];
  if (fromRecordings !== undefined) {
    if (positionals.length !== 0) throw new UsageError('import --from-recordings DIR takes no FIXTURE.json');
    console.log(await importRecordings(fromRecordings, values['write-fixture'], target));
    return;
  }
  if (values['write-fixture'] !== undefined) throw new UsageError('--write-fixture goes with --from-recordings DIR');
  const from = values['from-bugzilla'];
  if (from === undefined) {
    if (values['bugzilla-dir'] !== undefined || values['with-passwords'])
      throw new UsageError('--bugzilla-dir and --with-passwords go with --from-bugzilla');
    if (positionals.length !== 1) throw new UsageError('import takes exactly one FIXTURE.json, or --from-bugzilla URL');
    console.log(await importFixture(positionals[0] as string, target));
    return;
  }
  if (positionals.length > 0) throw new UsageError('import takes a FIXTURE.json or --from-bugzilla URL, not both');
  if (engineOf(from) === undefined) {
    throw new UsageError(
      `--from-bugzilla must be a mysql://user:pass@host:3306/bugs or postgres://… URL (got "${redactDatabaseUrl(from)}")`,
    );
  }
  const options = {
    from,
    bugzillaDir: values['bugzilla-dir'],
    withPasswords: values['with-passwords'],
    progress: (line: string) => console.error(line),
  };
  console.log(await importBugzilla(options, target));
}

/** `user add LOGIN` and `user key LOGIN`: the new API key printed alone. */
async function userCommand(rest: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      'real-name': { type: 'string' },
      group: { type: 'string', multiple: true, default: [] },
      ...DATA_OPTION,
    },
    allowPositionals: true,
  });
  if ((positionals[0] !== 'add' && positionals[0] !== 'key') || positionals.length !== 2) {
    throw new UsageError('use: user add LOGIN, or user key LOGIN');
  }
  const database = parseDatabase(values.database);
  const data = parseData(values.data, database);
  if (positionals[0] === 'key') {
    console.log(await replaceApiKey({ login: positionals[1] as string, data, database }));
    return;
  }
  const apiKey = await addUser({
    login: positionals[1] as string,
    realName: values['real-name'],
    groups: values.group,
    data,
    database,
  });
  console.log(apiKey);
}
