import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Fixture } from '../store/fixture.js';

/*
 * Minimal converter (users, keys, groups, bugs with involvement and groups,
 * visits) written for the profile tests while the full one (bug fields,
 * comments, history) was being built in parallel: same path and exports, so
 * the full one replaces it.
 */

/** The recordings of a real Bugzilla 5.2 and the data set they start from. */
export const BUGZILLA_52_DIR = fileURLToPath(new URL('../../test-data/bugzilla-5.2/', import.meta.url));

/** API keys of the recordings, by user (the headers of the recording files list them). */
export const BUGZILLA_52_KEYS = {
  admin: 'OracleAdminKey0000000000000000000000000A',
  user: 'OracleUserKey00000000000000000000000000U',
  dev: 'OracleDevKey000000000000000000000000000V',
  disabled: 'OracleDisabledKey0000000000000000000000D',
  revokerLive: 'OracleRevokerLiveKey0000000000000000000L',
  revoked: 'OracleRevokedKey00000000000000000000000R',
} as const;

interface DataSet {
  parameters: Record<string, string>;
  users: Array<{
    id: number;
    login: string;
    real_name: string;
    groups: string[];
    api_keys: string[];
    disabled_text?: string;
  }>;
  bugs: Array<{
    id: number;
    aliases: string[];
    reporter: string;
    assigned_to: string;
    qa_contact?: string | null;
    cc: string[];
    groups: string[];
    reporter_accessible: boolean;
    cclist_accessible: boolean;
  }>;
  last_visits: Array<{ user: string; bug_id: number; last_visit_ts: string }>;
}

/** The recorded 5.2's data set (`test-data/bugzilla-5.2/data-set.json`) as a bz-companion fixture. */
export function bugzilla52Fixture(): Fixture {
  const data = JSON.parse(readFileSync(`${BUGZILLA_52_DIR}data-set.json`, 'utf8')) as DataSet;
  const users = [...data.users].sort((a, b) => a.id - b.id);
  const groups = new Set<string>();
  for (const user of users) for (const group of user.groups) groups.add(group);
  for (const bug of data.bugs) for (const group of bug.groups) groups.add(group);
  return {
    instance: { version: '5.2', extensions: {}, parameters: { ...data.parameters, maintainer: 'admin@example.com' } },
    groups: [...groups],
    users: users.map((user) => ({
      login: user.login,
      real_name: user.real_name,
      groups: user.groups,
      api_keys: user.api_keys,
      ...(user.login === 'revoked@example.com' ? { revoked_api_keys: [BUGZILLA_52_KEYS.revoked] } : {}),
      ...(user.disabled_text ? { disabled: true, disabled_text: user.disabled_text } : {}),
    })),
    bugs: data.bugs.map((bug) => ({
      id: bug.id,
      // The fixture format has one alias per bug; the recordings here use none of the second ones.
      alias: bug.aliases[0] ?? null,
      reporter: bug.reporter,
      assigned_to: bug.assigned_to,
      qa_contact: bug.qa_contact ?? null,
      cc: bug.cc,
      groups: bug.groups,
      reporter_accessible: bug.reporter_accessible,
      cclist_accessible: bug.cclist_accessible,
    })),
    last_visits: data.last_visits,
  };
}
