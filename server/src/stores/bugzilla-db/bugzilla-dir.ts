import { existsSync, readdirSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import type { InstanceSettings } from '../../bugzilla/types.js';
import { defaultParameterSet } from '../default-instance.js';

/** The profile a real Bugzilla database is served as unless the server is told otherwise. */
export const BUGZILLA_SCHEMA_PROFILE = 'bugzilla-5.2';

/** `our $VERSION = '1.0';` or `use constant VERSION => '1.0';` as extensions declare it. */
const EXTENSION_VERSION = /(?:\$VERSION\s*=|VERSION\s*=>)\s*['"]([^'"]*)['"]/;

/** A Bugzilla installation or database that cannot be served, said in one line (no stack trace). */
export class BugzillaSchemaError extends Error {
  override readonly name = 'BugzillaSchemaError';
}

/** The releases whose schema the store reads (bugs_aliases, user_api_keys, bug_user_last_visit came with 5.0). */
const SERVED_VERSION = /^5\./;

/** A Bugzilla installation's settings as its files hold them: the version, parameters and extensions. */
export function readBugzillaDir(dir: string): InstanceSettings {
  const version = readBugzillaVersion(dir);
  if (version === undefined) throw new BugzillaSchemaError(`${dir}/Bugzilla/Constants.pm names no BUGZILLA_VERSION`);
  if (!SERVED_VERSION.test(version)) {
    throw new BugzillaSchemaError(
      `--bugzilla-dir ${dir} is Bugzilla ${version}: --bugzilla-schema serves Bugzilla 5.x`,
    );
  }
  return {
    version,
    profile: BUGZILLA_SCHEMA_PROFILE,
    extensions: readExtensions(join(dir, 'extensions')),
    parameters: readBugzillaParameters(dir),
    strictInvolvement: false,
    // Bugzilla never prunes visits itself; neither do we in its database.
    visitRetention: false,
    dbTimeOffsetSeconds: 0,
  };
}

/** The version Bugzilla/Constants.pm declares (the installation's code, not its database, knows it). */
export function readBugzillaVersion(dir: string): string | undefined {
  const constants = readInstallationFile(dir, 'Bugzilla/Constants.pm');
  return /BUGZILLA_VERSION\s*=>\s*['"]([^'"]+)['"]/.exec(constants)?.[1];
}

/**
 * data/params.json, every parameter a string, as the instance settings keep them (Bugzilla's
 * booleans are 0/1 already); one the file does not name has 5.2's default, as checksetup.pl would write it.
 */
export function readBugzillaParameters(dir: string): Record<string, string> {
  let params: Record<string, unknown>;
  try {
    params = JSON.parse(readInstallationFile(dir, 'data/params.json')) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof BugzillaSchemaError) throw error;
    throw new BugzillaSchemaError(`${dir}/data/params.json is not JSON: ${(error as Error).message}`);
  }
  return {
    ...defaultParameterSet(),
    ...Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
    ),
  };
}

/** Enabled extensions of the installation (see readExtensions). */
export const readBugzillaExtensions = (dir: string) => readExtensions(join(dir, 'extensions'));

/** How often data/params.json is looked at (a stat; Bugzilla itself reads the file on every request). */
const PARAMS_POLL_MS = 1000;

/**
 * Calls `onChange` with the installation's settings read again whenever data/params.json changes
 * (an admin saving editparams.cgi, through any Bugzilla web server), so running instances serve the
 * new parameters without a restart. A file caught half-written is skipped: its completion is a change
 * too. Returns the function that stops watching.
 */
export function watchBugzillaParams(dir: string, onChange: (instance: InstanceSettings) => void): () => void {
  const path = join(dir, 'data/params.json');
  const reread = () => {
    try {
      onChange(readBugzillaDir(dir));
    } catch {
      // Half-written or briefly missing: the next change reads it.
    }
  };
  watchFile(path, { interval: PARAMS_POLL_MS, persistent: false }, reread);
  return () => unwatchFile(path, reread);
}

/** A file every Bugzilla installation has; its absence means DIR is not one. */
function readInstallationFile(dir: string, path: string): string {
  try {
    return readFileSync(join(dir, path), 'utf8');
  } catch {
    throw new BugzillaSchemaError(
      `--bugzilla-dir ${dir} has no readable ${path}: is it a Bugzilla installation's directory?`,
    );
  }
}

/** Enabled extensions (no `disabled` file), each with its declared version or "". */
function readExtensions(dir: string): Record<string, { version: string }> {
  if (!existsSync(dir)) return {};
  const extensions: Record<string, { version: string }> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || existsSync(join(dir, entry.name, 'disabled'))) continue;
    extensions[entry.name] = { version: declaredVersion(join(dir, entry.name)) };
  }
  return extensions;
}

function declaredVersion(extensionDir: string): string {
  for (const file of ['Config.pm', 'Extension.pm']) {
    const path = join(extensionDir, file);
    if (!existsSync(path)) continue;
    const version = EXTENSION_VERSION.exec(readFileSync(path, 'utf8'))?.[1];
    if (version !== undefined) return version;
  }
  return '';
}
