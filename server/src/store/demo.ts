import { formatBugzillaTime } from '@bz-companion/shared';
import { generateApiKey } from './api-keys.js';
import type { Fixture } from './fixture.js';

/**
 * What `serve` starts with when there is no data file: enough to click
 * through the API and the extension. Times are relative to now so the demo
 * looks alive; retention is off so it never empties itself.
 */
export function demoFixture(nowMs: number): { fixture: Fixture; adminApiKey: string } {
  const adminApiKey = generateApiKey();
  const ago = (minutes: number) => formatBugzillaTime(nowMs - minutes * 60_000);
  const fixture: Fixture = {
    instance: {
      // No version: the profile's own (`serve --profile bmo` looks like BMO).
      extensions: { BugModal: { version: '1.0' }, Voting: { version: '1.0' } },
      parameters: { last_visit_keep_days: '0' },
    },
    groups: ['admin', 'tweakparams', 'editbugs', 'security'],
    users: [
      {
        login: 'admin@example.com',
        real_name: 'Admin',
        groups: ['admin', 'tweakparams', 'editbugs', 'security'],
        api_keys: [adminApiKey],
      },
      { login: 'dev@example.com', real_name: 'Dana Developer', groups: ['editbugs'] },
    ],
    bugs: [
      { id: 1, alias: 'first-bug', reporter: 'admin@example.com', assigned_to: 'dev@example.com' },
      { id: 2, reporter: 'dev@example.com', assigned_to: 'admin@example.com', cc: ['admin@example.com'] },
      { id: 3, alias: 'login-crash', reporter: 'dev@example.com', assigned_to: 'dev@example.com' },
      { id: 4, reporter: 'admin@example.com', assigned_to: 'admin@example.com' },
      { id: 5, alias: 'private-report', reporter: 'admin@example.com', groups: ['security'] },
    ],
    audit_log: [
      {
        class: 'Bugzilla::Product',
        object_id: 1,
        field: 'name',
        removed: '',
        added: 'Companion',
        at_time: ago(60 * 24),
        user: 'admin@example.com',
      },
      {
        class: 'Bugzilla::Component',
        object_id: 1,
        field: 'name',
        removed: '',
        added: 'Server',
        at_time: ago(60 * 5),
        user: 'admin@example.com',
      },
      {
        class: 'Bugzilla::Milestone',
        object_id: 1,
        field: 'value',
        removed: '',
        added: '1.0',
        at_time: ago(30),
        user: 'admin@example.com',
      },
    ],
    last_visits: [
      { user: 'admin@example.com', bug_id: 4, last_visit_ts: ago(90) },
      { user: 'admin@example.com', bug_id: 2, last_visit_ts: ago(45) },
      { user: 'admin@example.com', bug_id: 1, last_visit_ts: ago(10) },
    ],
  };
  return { fixture, adminApiKey };
}
