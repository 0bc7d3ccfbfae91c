import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type { SnapshotPart, SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { readBugzillaCatalogue } from '../../stores/bugzilla-db/bugzilla-catalogue.js';
import {
  BUGZILLA_SCHEMA_PROFILE,
  readBugzillaExtensions,
  readBugzillaParameters,
  readBugzillaVersion,
} from '../../stores/bugzilla-db/bugzilla-dir.js';
import { defaultParameterSet } from '../../stores/default-instance.js';
import { snapshotCatalogue } from '../../stores/snapshot-catalogue.js';
import { BUGZILLA_TABLES, type TableContext } from './bugzilla-tables.js';
import { TableProgress } from './progress.js';
import { readBugzillaGroups } from './read-users.js';
import { num } from './rows.js';
import { BugzillaImportError, checkBugzillaSchema } from './schema-version.js';
import type { BugzillaSource } from './source.js';

export interface ReadBugzillaOptions {
  /** How the database is named in messages (its URL without the password). */
  where: string;
  /** The installation's directory: its data/params.json (and the version its code declares, when there). */
  bugzillaDir?: string | undefined;
  withPasswords?: boolean;
  /** Progress lines (per table: rows, rate, time left), for long imports. */
  progress?: (line: string) => void;
}

/**
 * A Bugzilla 5.x database as a snapshot stream: the head (settings, groups, catalogue, field values,
 * workflow) read at once, then every table of BUGZILLA_TABLES a window of ids at a time (each batch
 * a few statements on an index, each far from any timeout), so memory is bounded by the batch and
 * not by the database. The schema is checked first: a database this cannot read is refused before
 * anything is read, let alone written. Read the parts through, in order (the sources' connections
 * stay open until then).
 */
export async function readBugzillaStream(
  source: BugzillaSource,
  options: ReadBugzillaOptions,
): Promise<SnapshotStream> {
  await checkBugzillaSchema(source, options.where);
  // The directory's settings first: a directory that is not an installation's is refused before any table is read.
  const instance = instanceOf(options.bugzillaDir);
  const started = Date.now();
  const [catalogue, groups] = await Promise.all([
    readBugzillaCatalogue(source.select, source),
    readBugzillaGroups(source),
  ]);
  options.progress?.(`read ${catalogue.products.length} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const context: TableContext = {
    source,
    groups,
    withPasswords: options.withPasswords ?? false,
    bugzillaDir: options.bugzillaDir,
    customFields: catalogue.customFields ?? [],
  };
  return {
    head: {
      format: SNAPSHOT_FORMAT,
      format_version: SNAPSHOT_FORMAT_VERSION,
      journal_position: 0,
      instance,
      groups: [...groups.groupNames.values()],
      catalogue: snapshotCatalogue(catalogue),
    },
    parts: tableParts(context, options.progress),
  };
}

async function* tableParts(context: TableContext, progress?: (line: string) => void): AsyncIterable<SnapshotPart> {
  for (const table of BUGZILLA_TABLES) {
    const [extent] = await context.source.select(
      `SELECT count(*) AS n, min(${table.id}) AS lo, max(${table.id}) AS hi FROM ${table.table}`,
    );
    const total = num(extent?.n ?? 0);
    const meter = new TableProgress(table.what, total, progress);
    if (total > 0) {
      const last = num(extent?.hi);
      for (let from = num(extent?.lo); from <= last; from += Math.min(table.window, last - from + 1)) {
        const parts = await table.read(context, { from, to: Math.min(from + table.window - 1, last) });
        for (const part of parts) {
          if (part.section === table.section) meter.add(rowsOf(part));
          if (part.records.length > 0) yield part;
        }
      }
    }
    meter.done();
  }
}

/** The source rows a part was read from (a user's visits are one record of many rows). */
function rowsOf(part: SnapshotPart): number {
  if (part.section !== 'last_visits') return part.records.length;
  return part.records.reduce((sum, user) => sum + user.bug_ids.length, 0);
}

/** The installation's settings: its parameters when its directory is given, else a fresh 5.2's. */
function instanceOf(dir: string | undefined): StoreSnapshot['instance'] {
  try {
    return readInstance(dir);
  } catch (error) {
    throw new BugzillaImportError((error as Error).message);
  }
}

function readInstance(dir: string | undefined): StoreSnapshot['instance'] {
  const hasCode = dir !== undefined && existsSync(join(dir, 'Bugzilla', 'Constants.pm'));
  return {
    version: hasCode ? (readBugzillaVersion(dir) ?? null) : null,
    profile: BUGZILLA_SCHEMA_PROFILE,
    extensions: hasCode ? readBugzillaExtensions(dir) : {},
    parameters: dir === undefined ? defaultParameterSet() : readBugzillaParameters(dir),
    strict_involvement: false,
    // Bugzilla never prunes visits itself (an administrator runs clean-bug-user-last-visit.pl).
    visit_retention: false,
    db_time_offset_seconds: 0,
  };
}
