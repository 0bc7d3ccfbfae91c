import { bugzillaDefaultCatalogue } from '../src/bugzilla/field/bugzilla-defaults.js';
import { writeSmallCustomFields } from './bugzilla-custom-fields-data.js';
import { createBugzillaSchema } from './bugzilla-ddl.js';
import type { BugzillaSqlSession, SqlValue } from './bugzilla-sql-session.js';

/**
 * Bugzilla 5.x databases for the import's tests and benchmarks, written with plain SQL as
 * checksetup.pl and Bugzilla would: a fresh installation's catalogue, then users and bugs.
 */

/** 2024-01-01T00:00:00Z: bug n is filed n minutes later. */
export const BASE_TIME = Date.UTC(2024, 0, 1) / 1000;
const at = (epoch: number): SqlValue => ({ epoch });

/** fielddefs rows the history refers to, by name. */
const FIELD_IDS: Readonly<Record<string, number>> = {
  bug_status: 1,
  short_desc: 2,
  resolution: 3,
  cc: 4,
  'longdescs.isprivate': 5,
  status_whiteboard: 6,
};

/** A fresh Bugzilla's catalogue and groups, with TestProduct (id 1) and its one component (id 1) owned by user 1. */
async function writeInstallation(session: BugzillaSqlSession, productCount: number): Promise<void> {
  await createBugzillaSchema(session);
  const defaults = bugzillaDefaultCatalogue(1);
  for (const [table, values] of Object.entries(defaults.fieldValues)) {
    await session.insert(
      table,
      ['id', 'value', 'sortkey'],
      values.map((v) => [v.id, v.value, v.sortkey]),
    );
  }
  await session.insert(
    'bug_status',
    ['id', 'value', 'sortkey', 'is_open'],
    defaults.statuses.map((s) => [s.id, s.value, s.sortkey, s.isOpen]),
  );
  const statusId = new Map(defaults.statuses.map((s) => [s.value, s.id]));
  await session.insert(
    'status_workflow',
    ['old_status', 'new_status'],
    defaults.workflow.map((w) => [w.from === null ? null : (statusId.get(w.from) ?? null), statusId.get(w.to) ?? null]),
  );
  await session.insert('classifications', ['id', 'name', 'description'], [[1, 'Unclassified', 'Not assigned']]);
  const products = Array.from({ length: productCount }, (_, i) => i + 1);
  await session.insert(
    'products',
    ['id', 'name', 'description'],
    products.map((id) => [id, id === 1 ? 'TestProduct' : `Product ${id}`, 'A product']),
  );
  await session.insert(
    'components',
    ['id', 'name', 'product_id', 'initialowner', 'description'],
    products.map((id) => [id, 'TestComponent', id, 1, 'A component']),
  );
  await session.insert(
    'versions',
    ['value', 'product_id'],
    products.map((id) => ['unspecified', id]),
  );
  await session.insert(
    'milestones',
    ['product_id', 'value'],
    products.map((id) => [id, '---']),
  );
  await session.insert(
    'groups',
    ['id', 'name', 'description', 'isbuggroup'],
    [...defaults.groups.map((g) => [g.id, g.name, g.description, false]), [100, 'secret', 'Secret bugs', true]],
  );
  await session.insert(
    'fielddefs',
    ['id', 'name', 'description', 'sortkey'],
    Object.entries(FIELD_IDS).map(([name, id]) => [id, name, name, id]),
  );
}

/** Rows of a generated tracker: `bugs` bugs over `users` users, each with its comments and changes. */
export interface GeneratedTracker {
  users: number;
  bugs: number;
  commentsPerBug: number;
  changesPerBug: number;
}

/** A large tracker for benchmarks; every table the import reads has rows. */
export async function writeGeneratedBugzilla(session: BugzillaSqlSession, size: GeneratedTracker): Promise<void> {
  await writeInstallation(session, 10);
  const users = range(size.users);
  await session.insert(
    'profiles',
    ['userid', 'login_name', 'realname'],
    users.map((id) => [id, `user${id}@example.com`, `User ${id}`]),
  );
  await session.insert(
    'user_api_keys',
    ['user_id', 'api_key'],
    users.map((id) => [id, `key${String(id).padStart(37, '0')}`]),
  );
  await writeGeneratedBugs(session, size);
  await writeGeneratedContent(session, size);
}

const generatedUser = (size: GeneratedTracker, n: number) => (n % size.users) + 1;
const filed = (bug: number) => BASE_TIME + bug * 60;

async function writeGeneratedBugs(session: BugzillaSqlSession, size: GeneratedTracker): Promise<void> {
  const user = (n: number) => generatedUser(size, n);
  await session.insert(
    'bugs',
    [
      'bug_id',
      'assigned_to',
      'bug_severity',
      'bug_status',
      'creation_ts',
      'delta_ts',
      'short_desc',
      'op_sys',
      'priority',
      'product_id',
      'rep_platform',
      'reporter',
      'version',
      'component_id',
      'everconfirmed',
    ],
    generate(size.bugs, (bug) => {
      const product = (bug % 10) + 1;
      return [
        bug,
        user(bug + 1),
        'normal',
        'CONFIRMED',
        at(filed(bug)),
        at(filed(bug) + 59),
        `Bug number ${bug}`,
        'Linux',
        '---',
        product,
        'PC',
        user(bug),
        'unspecified',
        product,
        1,
      ];
    }),
  );
  await session.insert(
    'cc',
    ['bug_id', 'who'],
    generate(size.bugs, (bug) => [bug, user(bug + 2)]),
  );
}

async function writeGeneratedContent(session: BugzillaSqlSession, size: GeneratedTracker): Promise<void> {
  const user = (n: number) => generatedUser(size, n);
  await session.insert(
    'longdescs',
    ['bug_id', 'who', 'bug_when', 'thetext'],
    generate(size.bugs * size.commentsPerBug, (n) => {
      const bug = Math.floor((n - 1) / size.commentsPerBug) + 1;
      const index = (n - 1) % size.commentsPerBug;
      return [bug, user(bug + index), at(filed(bug) + index * 10), `Comment ${index} on bug ${bug}: it fails again.`];
    }),
  );
  await session.insert(
    'bugs_activity',
    ['bug_id', 'who', 'bug_when', 'fieldid', 'removed', 'added'],
    generate(size.bugs * size.changesPerBug, (n) => {
      const bug = Math.floor((n - 1) / size.changesPerBug) + 1;
      const index = (n - 1) % size.changesPerBug;
      return [bug, user(bug), at(filed(bug) + 5 + index * 10), FIELD_IDS.bug_status ?? 1, 'UNCONFIRMED', 'CONFIRMED'];
    }),
  );
  await session.insert(
    'bug_user_last_visit',
    ['user_id', 'bug_id', 'last_visit_ts'],
    generate(size.bugs, (bug) => [user(bug), bug, at(filed(bug) + 30)]),
  );
}

/** Rows given as objects, all with the same keys. */
function insertRecords(
  session: BugzillaSqlSession,
  table: string,
  records: ReadonlyArray<Record<string, SqlValue>>,
): Promise<number> {
  const columns = Object.keys(records[0] ?? {});
  return session.insert(
    table,
    columns,
    records.map((record) => columns.map((column) => record[column] ?? null)),
  );
}

/**
 * Two attachments of bug 1: a log in attach_data with a flag, and a large one whose bytes Bugzilla
 * keeps as a file of its directory (data/attachments/group.02/attachment.2), not in the database.
 */
async function writeSmallAttachments(session: BugzillaSqlSession): Promise<void> {
  const columns = ['attach_id', 'bug_id', 'creation_ts', 'modification_time', 'description', 'mimetype', 'ispatch'];
  await session.insert(
    'attachments',
    [...columns, 'filename', 'submitter_id', 'isobsolete', 'isprivate'],
    [
      [1, 1, at(BASE_TIME + 800), at(BASE_TIME + 850), 'Crash log', 'text/plain', 0, 'crash.log', 2, 0, 0],
      [2, 1, at(BASE_TIME + 810), at(BASE_TIME + 810), 'Core dump', 'application/octet-stream', 0, 'core', 2, 1, 1],
    ],
  );
  await session.insert('attach_data', ['id', 'thedata'], [[1, 'Segmentation fault\n']]);
  await session.insert(
    'flags',
    ['id', 'type_id', 'status', 'bug_id', 'attach_id', 'creation_date', 'modification_date', 'setter_id'],
    [[2, 1, '+', 1, 1, at(BASE_TIME + 850), at(BASE_TIME + 850), 1]],
  );
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** Rows 1..count made one at a time, so a million rows are never all in memory. */
function* generate(count: number, row: (n: number) => SqlValue[]): Iterable<SqlValue[]> {
  for (let n = 1; n <= count; n++) yield row(n);
}

/**
 * A small tracker with one of everything the import must carry over: a disabled user, a password,
 * revoked and live keys, membership through a group's grant, a private bug, aliases, CC, keywords,
 * see-also, dependencies, a duplicate with its rendered notice, flags with a requestee, private
 * comments, a change naming a comment, the audit log and visits, and a custom field of each type.
 */
export async function writeSmallBugzilla(session: BugzillaSqlSession): Promise<void> {
  await writeInstallation(session, 2);
  await session.insert(
    'profiles',
    ['userid', 'login_name', 'realname', 'cryptpassword', 'disabledtext', 'is_enabled', 'disable_mail'],
    [
      [1, 'admin@example.com', 'Admin', 'salt1234,hashhashhash{SHA-256}', '', 1, 0],
      [2, 'dev@example.com', 'Dev Eloper', '*', '', 1, 0],
      [3, 'gone@example.com', 'Gone', null, 'Left the project', 0, 1],
    ],
  );
  const group = (name: string) => bugzillaDefaultCatalogue(1).groups.find((g) => g.name === name)?.id ?? 0;
  await session.insert(
    'user_group_map',
    ['user_id', 'group_id', 'isbless', 'grant_type'],
    [
      [1, group('admin'), 0, 0],
      [2, 100, 0, 0],
      // A bless right is no membership.
      [2, group('editusers'), 1, 0],
    ],
  );
  // Members of admin are members of editbugs, and may bless canconfirm.
  await session.insert(
    'group_group_map',
    ['member_id', 'grantor_id', 'grant_type'],
    [
      [group('admin'), group('editbugs'), 0],
      [group('admin'), group('canconfirm'), 1],
    ],
  );
  await session.insert(
    'user_api_keys',
    ['user_id', 'api_key', 'revoked'],
    [
      [1, 'AdminKey00000000000000000000000000000001', 0],
      [2, 'DevRevokedKey00000000000000000000000000R', 1],
      [2, 'DevKey0000000000000000000000000000000002', 0],
    ],
  );
  await writeSmallBugs(session);
  await writeSmallContent(session);
  await writeSmallCustomFields(session);
}

async function writeSmallBugs(session: BugzillaSqlSession): Promise<void> {
  await session.insert('keyworddefs', ['id', 'name', 'description'], [[1, 'regression', 'It worked before']]);
  await session.insert(
    'flagtypes',
    ['id', 'name', 'description', 'is_requestable', 'is_requesteeble'],
    [[1, 'review', 'Reviewed', 1, 1]],
  );
  await session.insert('flaginclusions', ['type_id', 'product_id', 'component_id'], [[1, null, null]]);
  await writeSmallBugRows(session);
  await writeSmallRelations(session);
}

async function writeSmallBugRows(session: BugzillaSqlSession): Promise<void> {
  const common = {
    bug_severity: 'normal',
    op_sys: 'All',
    priority: '---',
    rep_platform: 'All',
    version: 'unspecified',
  };
  const bugs: Array<Record<string, SqlValue>> = [
    { bug_id: 1, assigned_to: 2, bug_severity: 'major', bug_status: 'CONFIRMED', creation_ts: at(BASE_TIME) },
    { bug_id: 2, assigned_to: 1, bug_status: 'RESOLVED', resolution: 'DUPLICATE', creation_ts: at(BASE_TIME + 60) },
    { bug_id: 3, assigned_to: 1, bug_severity: 'minor', bug_status: 'UNCONFIRMED', creation_ts: null },
  ];
  const more: Array<Record<string, SqlValue>> = [
    { delta_ts: at(BASE_TIME + 600), short_desc: 'Crash on start', product_id: 1, component_id: 1, reporter: 1 },
    { delta_ts: at(BASE_TIME + 700), short_desc: 'Crashes when starting', product_id: 1, component_id: 1, reporter: 2 },
    { delta_ts: at(BASE_TIME + 120), short_desc: 'Secret thing', product_id: 2, component_id: 2, reporter: 1 },
  ];
  const access = [
    { everconfirmed: 1, qa_contact: 2, cclist_accessible: 1 },
    { everconfirmed: 1, qa_contact: null, cclist_accessible: 1 },
    { everconfirmed: 0, qa_contact: null, cclist_accessible: 0 },
  ];
  await insertRecords(
    session,
    'bugs',
    bugs.map((bug, i) => ({ resolution: '', ...common, ...bug, ...more[i], ...access[i] })),
  );
  await session.run(
    `UPDATE bugs SET priority = 'High', op_sys = 'Linux', rep_platform = 'PC', bug_file_loc = 'https://example.com/1',
       status_whiteboard = 'crash' WHERE bug_id = 1`,
  );
}

async function writeSmallRelations(session: BugzillaSqlSession): Promise<void> {
  await session.insert(
    'bugs_aliases',
    ['alias', 'bug_id'],
    [
      ['crash-start', 1],
      ['boot-crash', 1],
    ],
  );
  await session.insert(
    'cc',
    ['bug_id', 'who'],
    [
      [1, 3],
      [1, 1],
    ],
  );
  await session.insert('bug_group_map', ['bug_id', 'group_id'], [[3, 100]]);
  await session.insert('keywords', ['bug_id', 'keywordid'], [[1, 1]]);
  await session.insert(
    'bug_see_also',
    ['bug_id', 'value', 'class'],
    [[1, 'https://bugs.example.org/show_bug.cgi?id=7', 'Bugzilla::BugUrl::Bugzilla']],
  );
  await session.insert('dependencies', ['blocked', 'dependson'], [[3, 1]]);
  await session.insert('duplicates', ['dupe_of', 'dupe'], [[1, 2]]);
  await session.insert(
    'flags',
    ['id', 'type_id', 'status', 'bug_id', 'creation_date', 'modification_date', 'setter_id', 'requestee_id'],
    [[1, 1, '?', 1, at(BASE_TIME + 300), at(BASE_TIME + 360), 1, 2]],
  );
}

async function writeSmallContent(session: BugzillaSqlSession): Promise<void> {
  await session.insert(
    'longdescs',
    ['comment_id', 'bug_id', 'who', 'bug_when', 'thetext', 'isprivate', 'type', 'extra_data'],
    [
      [1, 1, 2, at(BASE_TIME), "It crashes. Path: C:\\temp\\it's here", 0, 0, null],
      [2, 2, 1, at(BASE_TIME + 60), 'Crashes too.', 0, 0, null],
      [3, 1, 1, at(BASE_TIME + 400), 'Internal note.', 1, 0, null],
      [4, 2, 1, at(BASE_TIME + 700), '', 0, 1, '1'],
      [5, 1, 1, at(BASE_TIME + 700), '', 0, 2, '2'],
      [6, 1, 2, at(BASE_TIME + 800), 'The log.', 0, 5, '1'],
    ],
  );
  await session.insert(
    'longdescs_tags',
    ['comment_id', 'tag'],
    [
      [1, 'spam'],
      [1, 'obsolete'],
    ],
  );
  await writeSmallAttachments(session);
  await session.insert(
    'bugs_activity',
    ['bug_id', 'who', 'bug_when', 'fieldid', 'removed', 'added', 'comment_id'],
    [
      [1, 1, at(BASE_TIME + 400), FIELD_IDS.bug_status ?? 0, 'UNCONFIRMED', 'CONFIRMED', null],
      [1, 1, at(BASE_TIME + 400), FIELD_IDS.cc ?? 0, '', 'admin@example.com', null],
      [1, 1, at(BASE_TIME + 500), FIELD_IDS['longdescs.isprivate'] ?? 0, '0', '1', 3],
      [2, 1, at(BASE_TIME + 700), FIELD_IDS.resolution ?? 0, '', 'DUPLICATE', null],
    ],
  );
  await session.insert(
    'audit_log',
    ['user_id', 'class', 'object_id', 'field', 'removed', 'added', 'at_time'],
    [[1, 'Bugzilla::Product', 2, '__create__', '', 'Product 2', at(BASE_TIME - 60)]],
  );
  await session.insert(
    'bug_user_last_visit',
    ['user_id', 'bug_id', 'last_visit_ts'],
    [
      [2, 1, at(BASE_TIME + 800)],
      [2, 2, at(BASE_TIME + 750)],
      [1, 3, at(BASE_TIME + 900)],
    ],
  );
}
