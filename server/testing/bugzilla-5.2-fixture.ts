import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiFieldName } from '../src/bugzilla/field/bug-fields.js';
import { renderedCommentText } from '../src/bugzilla/field/bugzilla-tables.js';
import type { Fixture } from '../src/import/fixture/fixture.js';
import { SERVER_ROOT } from './server-root.js';

/** The recordings of a real Bugzilla 5.2 and the data set they start from. */
export const BUGZILLA_52_DIR = join(SERVER_ROOT, 'test-data/bugzilla-5.2/');

/** API keys of the recordings, by user (the headers of the recording files list them). */
export const BUGZILLA_52_KEYS = {
  admin: 'OracleAdminKey0000000000000000000000000A',
  user: 'OracleUserKey00000000000000000000000000U',
  dev: 'OracleDevKey000000000000000000000000000V',
  disabled: 'OracleDisabledKey0000000000000000000000D',
  revokerLive: 'OracleRevokerLiveKey0000000000000000000L',
  revoked: 'OracleRevokedKey00000000000000000000000R',
} as const;

/** The shape of `data-set.json`: what the recordings start from. */
export interface RecordedDataSet {
  parameters: Record<string, string>;
  products: Array<{ id: number; name: string; versions: string[]; components: Array<{ id: number; name: string }> }>;
  users: Array<{
    id: number;
    login: string;
    real_name: string;
    groups: string[];
    api_keys: string[];
    disabled_text?: string;
  }>;
  bugs: Array<
    {
      id: number;
      aliases: string[];
      reporter: string;
      assigned_to: string;
      qa_contact?: string | null;
      cc: string[];
      groups: string[];
      reporter_accessible: boolean;
      cclist_accessible: boolean;
      creation_time: string;
      last_change_time: string;
      dupe_of: number | null;
    } & Record<string, unknown>
  >;
  comments: Array<{
    id: number;
    bug_id: number;
    author: string;
    time: string;
    text: string;
    is_private: boolean;
    type: number;
    extra_data?: string;
  }>;
  activity: Array<{
    bug_id: number;
    who: string;
    when: string;
    field: string;
    removed: string;
    added: string;
    comment_id?: number;
  }>;
  flags: Array<{
    id: number;
    bug_id: number;
    name: string;
    status: '+' | '-' | '?';
    setter: string;
    requestee: string | null;
    creation_date: string;
    modification_date: string;
  }>;
  last_visits: Array<{ user: string; bug_id: number; last_visit_ts: string }>;
}

const FIELDS = [
  'summary',
  'status',
  'resolution',
  'product',
  'component',
  'version',
  'priority',
  'severity',
  'op_sys',
  'platform',
  'blocks',
  'depends_on',
  'creation_time',
  'last_change_time',
] as const;

/** Reads `test-data/bugzilla-5.2/data-set.json`, verbatim. */
export function readRecordedDataSet(): RecordedDataSet {
  return JSON.parse(readFileSync(`${BUGZILLA_52_DIR}data-set.json`, 'utf8')) as RecordedDataSet;
}

/**
 * The recorded 5.2's data set (`test-data/bugzilla-5.2/data-set.json`) as a
 * bz-companion fixture: the same users and keys (and the revoked key the
 * recordings use), groups, the 12 bugs with all their fields, comments (with
 * their global ids), history, the flag, visits, and `insidergroup`. Loading it
 * lets a test send the recorded requests to our server and compare answers.
 */
export function bugzilla52Fixture(): Fixture {
  const data = readRecordedDataSet();
  const users = [...data.users].sort((a, b) => a.id - b.id);
  const groups = new Set<string>();
  for (const user of users) for (const group of user.groups) groups.add(group);
  for (const bug of data.bugs) for (const group of bug.groups) groups.add(group);

  const bugs: NonNullable<Fixture['bugs']> = data.bugs.map((bug) => fixtureBug(bug, data));

  return {
    instance: {
      version: '5.2',
      extensions: {},
      parameters: { ...data.parameters, maintainer: 'admin@example.com' },
    },
    groups: [...groups],
    users: users.map((user) => ({
      login: user.login,
      real_name: user.real_name,
      groups: user.groups,
      api_keys: user.api_keys,
      ...(user.login === 'revoked@example.com' ? { revoked_api_keys: [BUGZILLA_52_KEYS.revoked] } : {}),
      ...(user.disabled_text ? { disabled: true, disabled_text: user.disabled_text } : {}),
    })),
    bugs,
    last_visits: data.last_visits,
    // data-set.json leaves the audit log out; its README says the set-up's audit rows were all set to
    // 2026-01-01, which is what the recorded last_audit_time answers (rpc.json #26-#30).
    audit_log: [
      {
        class: 'Bugzilla::Product',
        object_id: 1,
        field: 'name',
        removed: '',
        added: 'TestProduct',
        at_time: '2026-01-01T00:00:00Z',
        user: 'admin@example.com',
      },
    ],
  };
}

type RecordedBug = RecordedDataSet['bugs'][number];

/** One recorded bug as a fixture's bug: its fields, people, flags, comments and history. */
function fixtureBug(bug: RecordedBug, data: RecordedDataSet): NonNullable<Fixture['bugs']>[number] {
  const fields = Object.fromEntries(FIELDS.map((name) => [name, bug[name]]));
  const history = historyOf(bug.id, data);
  return {
    id: bug.id,
    alias: bug.aliases,
    reporter: bug.reporter,
    assigned_to: bug.assigned_to,
    qa_contact: bug.qa_contact ?? null,
    cc: bug.cc,
    groups: bug.groups,
    reporter_accessible: bug.reporter_accessible,
    cclist_accessible: bug.cclist_accessible,
    ...fields,
    dupe_of: bug.dupe_of,
    is_confirmed: bug.status !== 'UNCONFIRMED',
    flags: data.flags
      .filter((flag) => flag.bug_id === bug.id)
      .map((flag) => ({
        id: flag.id,
        name: flag.name,
        type_id: 1,
        status: flag.status,
        setter: flag.setter,
        requestee: flag.requestee,
        creation_date: flag.creation_date,
        modification_date: flag.modification_date,
      })),
    comments: data.comments
      .filter((comment) => comment.bug_id === bug.id)
      .map((comment) => ({
        id: comment.id,
        author: comment.author,
        time: comment.time,
        text: renderedCommentText(comment.type, comment.text, comment.extra_data ?? null),
        is_private: comment.is_private,
      })),
    history,
  } as NonNullable<Fixture['bugs']>[number];
}

/** The bug's activity rows as change sets: one per (who, when), in the recorded order. */
function historyOf(bugId: number, data: RecordedDataSet) {
  const history: Array<{ who: string; when: string; changes: Array<Record<string, unknown>> }> = [];
  for (const row of data.activity.filter((activity) => activity.bug_id === bugId)) {
    const last = history[history.length - 1];
    const change = {
      field_name: apiFieldName(row.field),
      removed: row.removed,
      added: row.added,
      ...(row.comment_id === undefined ? {} : { comment_id: row.comment_id }),
    };
    if (last && last.who === row.who && last.when === row.when) last.changes.push(change);
    else history.push({ who: row.who, when: row.when, changes: [change] });
  }
  return history;
}

/** The data set's test passwords (the recordings name them; the admin's is never used). */
export const BUGZILLA_52_PASSWORDS: Record<string, string> = {
  'user@example.com': 'oracle-pw-user',
  'disabled@example.com': 'oracle-pw-disabled',
  'revoked@example.com': 'oracle-pw-revoked',
  'dev@example.com': 'oracle-pw-dev',
};

/** The data set with those passwords set, so the recorded logins work. */
export function bugzilla52FixtureWithPasswords() {
  const fixture = bugzilla52Fixture();
  return {
    ...fixture,
    users: (fixture.users ?? []).map((user) => {
      const password = BUGZILLA_52_PASSWORDS[user.login];
      return password ? { ...user, password } : user;
    }),
  };
}
