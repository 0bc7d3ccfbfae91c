import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { LatencyRule } from '@bz-companion/shared';
import { parseLatencySpec } from './admin/latency.js';
import { addUser, replaceApiKey } from './cli/add-user.js';
import { importFixture } from './cli/import-fixture.js';
import { redactDatabaseUrl } from './cli/open-serve-store.js';
import { DEFAULT_MAX_CONNECTIONS, serve } from './cli/serve.js';
import { DEFAULT_DATA_FILE, USAGE, UsageError } from './cli/usage.js';
import { parseInstant } from './domain/adjustable-clock.js';
import { isProfileName, PROFILE_NAMES } from './profiles/profile.js';
import { UpstreamOptionsError } from './test-double/upstream.js';

/** Where the store lives: the JSON data file, or PostgreSQL when a database URL is given (DATABASE_URL too). */
const DATA_OPTION = {
  data: { type: 'string', default: DEFAULT_DATA_FILE },
  database: { type: 'string', default: process.env.DATABASE_URL || undefined },
} as const;

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

function parseClock(text: string): number {
  const ms = parseInstant(text);
  if (ms === undefined)
    throw new UsageError(`--clock must be an ISO 8601 instant such as 2026-01-01T00:00:00Z, not '${text}'`);
  return ms;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
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
      console.log(version());
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
      'DatabaseUnavailableError',
      'RecordingsError',
    ].includes(name) || typeof (error as NodeJS.ErrnoException).code === 'string'
  );
}

/** `serve`: the options read and checked, then the server started. */
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
      ...DATA_OPTION,
    },
  });
  const profile = values.profile;
  if (profile !== undefined && !isProfileName(profile)) {
    throw new UsageError(`--profile must be one of ${PROFILE_NAMES.join(', ')} (got "${profile}")`);
  }
  const database = parseDatabase(values.database);
  const bugzillaDir = parseBugzillaSchema(values['bugzilla-schema'], values['bugzilla-dir'], database, values.admin);
  await serve({
    host: values.host,
    port: parsePort(values.port),
    data: values.data,
    database,
    ...(bugzillaDir === undefined ? {} : { bugzillaDir }),
    inMemory: values['in-memory'],
    allowedHosts: values['allowed-host'],
    logRequests: values['log-requests'],
    maxConnections: parseMaxConnections(values['max-connections']),
    admin: values.admin,
    clock: values.clock === undefined ? null : parseClock(values.clock),
    ...(profile ? { profile } : {}),
    latency: values.latency.map(parseLatency),
    validate: values.validate,
    upstream: { proxy: values.proxy, record: values.record, replay: values.replay, fallback: values.fallback },
  });
}

/** `import FIXTURE.json`: the store's contents replaced. */
async function importCommand(rest: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: rest, options: DATA_OPTION, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('import takes exactly one FIXTURE.json');
  console.log(
    await importFixture(positionals[0] as string, { data: values.data, database: parseDatabase(values.database) }),
  );
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
  if (positionals[0] === 'key') {
    console.log(await replaceApiKey({ login: positionals[1] as string, data: values.data, database }));
    return;
  }
  const apiKey = await addUser({
    login: positionals[1] as string,
    realName: values['real-name'],
    groups: values.group,
    data: values.data,
    database,
  });
  console.log(apiKey);
}
