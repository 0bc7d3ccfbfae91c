import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CustomField } from '../../bugzilla/field/custom-field.js';
import { emptySnapshot, type StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import { readBugzillaCatalogue } from '../../stores/bugzilla-db/bugzilla-catalogue.js';
import {
  BUGZILLA_SCHEMA_PROFILE,
  readBugzillaExtensions,
  readBugzillaParameters,
  readBugzillaVersion,
} from '../../stores/bugzilla-db/bugzilla-dir.js';
import { defaultParameterSet } from '../../stores/default-instance.js';
import { snapshotCatalogue } from '../../stores/snapshot-catalogue.js';
import {
  readBugzillaAuditLog,
  readBugzillaComments,
  readBugzillaHistory,
  readBugzillaVisits,
} from './read-activity.js';
import { readBugzillaAttachments } from './read-attachments.js';
import { readBugzillaBugs } from './read-bugs.js';
import { readBugzillaUsers } from './read-users.js';
import { BugzillaImportError, checkBugzillaSchema } from './schema-version.js';
import type { BugzillaSource } from './source.js';

export interface ReadBugzillaOptions {
  /** How the database is named in messages (its URL without the password). */
  where: string;
  /** The installation's directory: its data/params.json (and the version its code declares, when there). */
  bugzillaDir?: string | undefined;
  withPasswords?: boolean;
  /** One line per step read, for long imports. */
  progress?: (line: string) => void;
}

/** Reads one part, then says how many rows it read and when. */
type Step = <T>(what: string, read: () => Promise<T>, count: (value: T) => number) => Promise<T>;

/**
 * A Bugzilla 5.x database as a store snapshot: users, groups, catalogue, field values, workflow,
 * bugs with their flags, comments, history, attachments, audit log and last visits. The schema is
 * checked first, so a database this cannot read is refused before anything is read, let alone written.
 */
export async function readBugzillaSnapshot(
  source: BugzillaSource,
  options: ReadBugzillaOptions,
): Promise<StoreSnapshot> {
  await checkBugzillaSchema(source, options.where);
  const snapshot = emptySnapshot(instanceOf(options.bugzillaDir));
  const started = Date.now();
  const step: Step = async (what, read, count) => {
    const value = await read();
    options.progress?.(`read ${count(value)} ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return value;
  };
  const [catalogue, { users, groupNames }] = await Promise.all([
    step(
      'products',
      () => readBugzillaCatalogue(source.select),
      (read) => read.products.length,
    ),
    step(
      'users',
      () => readBugzillaUsers(source, { withPasswords: options.withPasswords ?? false }),
      (read) => read.users.length,
    ),
  ]);
  snapshot.catalogue = snapshotCatalogue(catalogue);
  snapshot.users = users;
  snapshot.groups = [...groupNames.values()];
  await readBugTables(source, snapshot, groupNames, step, options.bugzillaDir, catalogue.customFields ?? []);
  return snapshot;
}

/** The big tables at once, each on a connection of its own (see the sources), into the snapshot. */
async function readBugTables(
  source: BugzillaSource,
  snapshot: StoreSnapshot,
  groupNames: ReadonlyMap<number, string>,
  step: Step,
  bugzillaDir: string | undefined,
  customFields: readonly CustomField[],
): Promise<void> {
  const logins = new Map(snapshot.users.map((user) => [user.id, user.login]));
  const [bugs, comments, history, auditLog, visits, attachments] = await Promise.all([
    step(
      'bugs',
      () => readBugzillaBugs(source, logins, groupNames, customFields),
      (read) => read.length,
    ),
    step(
      'comments',
      () => readBugzillaComments(source),
      (read) => read.length,
    ),
    step(
      'bugs with history',
      () => readBugzillaHistory(source),
      (read) => read.size,
    ),
    step(
      'audit events',
      () => readBugzillaAuditLog(source),
      (read) => read.length,
    ),
    step(
      'visits',
      () => readBugzillaVisits(source),
      (read) => read.reduce((sum, user) => sum + user.bug_ids.length, 0),
    ),
    step(
      'attachments',
      () => readBugzillaAttachments(source, logins, bugzillaDir),
      (read) => read.attachments?.length ?? 0,
    ),
  ]);
  for (const bug of bugs) {
    const sets = history.get(bug.id);
    if (sets) bug.history = sets;
  }
  snapshot.bugs = bugs;
  snapshot.comments = comments;
  snapshot.audit_log = auditLog;
  snapshot.last_visits = visits;
  snapshot.attachments = attachments.attachments ?? [];
  snapshot.attachment_data = attachments.attachment_data ?? {};
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
