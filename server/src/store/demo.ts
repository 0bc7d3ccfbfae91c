import { formatBugzillaTime } from '@bz-companion/shared';
import { generateApiKey } from './api-keys.js';
import type { Fixture } from './fixture.js';

const ADMIN = 'admin@example.com';
const DEV = 'dev@example.com';
const QA = 'qa@example.com';
const PM = 'pm@example.com';

/**
 * What `serve` starts with when there is no data file: a small tracker of a
 * dozen bugs with comments by several people over a week, some of them
 * changed after the admin (the demo user, whose key is printed) last looked,
 * so the extension has something to show at once. Times are relative to now
 * so the demo looks alive; retention is off so it never empties itself.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a data table (the demo's users, bugs, comments and visits), read top to bottom
export function demoFixture(nowMs: number): { fixture: Fixture; adminApiKey: string; adminPassword: string } {
  const adminApiKey = generateApiKey();
  // Printed once with the key, so the docs' login examples run against the demo; random, as no default password should be.
  const adminPassword = generateApiKey().slice(0, 20);
  const ago = (minutes: number) => formatBugzillaTime(nowMs - minutes * 60_000);
  const hours = (n: number) => ago(n * 60);
  const days = (n: number) => ago(n * 24 * 60);
  const fixture: Fixture = {
    instance: {
      // No version: the profile's own (`serve --profile bmo` looks like BMO).
      extensions: { BugModal: { version: '1.0' }, Voting: { version: '1.0' } },
      parameters: { last_visit_keep_days: '0', insidergroup: 'insiders', useqacontact: '1' },
    },
    groups: ['admin', 'tweakparams', 'editbugs', 'security', 'insiders'],
    users: [
      {
        login: ADMIN,
        real_name: 'Admin',
        groups: ['admin', 'tweakparams', 'editbugs', 'security', 'insiders'],
        api_keys: [adminApiKey],
        password: adminPassword,
      },
      { login: DEV, real_name: 'Dana Developer', groups: ['editbugs', 'insiders'] },
      { login: QA, real_name: 'Quinn Tester', groups: ['editbugs'] },
      { login: PM, real_name: 'Priya Manager', groups: ['editbugs'] },
    ],
    bugs: [
      {
        id: 1,
        alias: 'first-bug',
        summary: "Popup shows 'undefined' for the tracker version on Bugzilla 5.0",
        product: 'Companion',
        component: 'Extension',
        status: 'RESOLVED',
        resolution: 'FIXED',
        priority: 'High',
        severity: 'normal',
        reporter: ADMIN,
        assigned_to: DEV,
        comments: [
          {
            author: ADMIN,
            time: days(6),
            text: 'Open the popup against a 5.0.4 tracker: the version line reads "undefined".',
          },
          {
            author: DEV,
            time: days(5),
            text: '5.0 answers /rest/version as a string inside "version"; we read the wrong key.',
          },
          { author: DEV, time: days(4), text: 'Fixed: the version is read from the documented key on every release.' },
        ],
        history: [
          { who: DEV, when: days(5), changes: [{ field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' }] },
          {
            who: DEV,
            when: days(4),
            changes: [
              { field_name: 'status', removed: 'IN_PROGRESS', added: 'RESOLVED' },
              { field_name: 'resolution', removed: '', added: 'FIXED' },
            ],
          },
        ],
      },
      {
        id: 2,
        summary: 'Badge counts a bug twice after the browser restarts',
        product: 'Companion',
        component: 'Extension',
        priority: 'Normal',
        severity: 'minor',
        reporter: DEV,
        assigned_to: ADMIN,
        cc: [ADMIN, QA],
        comments: [
          { author: DEV, time: days(3), text: 'Restart the browser with one queued visit: the badge says 2.' },
          { author: ADMIN, time: days(2), text: 'The queue is loaded twice at start-up; looking into it.' },
          { author: QA, time: ago(20), text: 'Also happens on Firefox 128 when the tracker is offline at start.' },
        ],
        history: [{ who: ADMIN, when: days(2), changes: [{ field_name: 'cc', removed: '', added: QA }] }],
      },
      {
        id: 3,
        alias: 'login-crash',
        summary: 'Server answers 500 when the API key has a trailing space',
        product: 'Companion',
        component: 'Server',
        status: 'IN_PROGRESS',
        priority: 'Highest',
        severity: 'major',
        reporter: DEV,
        assigned_to: DEV,
        qa_contact: QA,
        cc: [ADMIN],
        comments: [
          {
            author: DEV,
            time: days(2),
            text: 'curl -H "X-BUGZILLA-API-KEY: $KEY " gives a 500 instead of signing in.',
          },
          { author: QA, time: days(1), text: 'Same with the key in the query string (Bugzilla_api_key=KEY%20).' },
          { author: DEV, time: ago(30), text: 'Bugzilla trims keys; we will too. Patch is up for review.' },
        ],
        history: [
          { who: DEV, when: days(1), changes: [{ field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' }] },
          { who: PM, when: hours(1), changes: [{ field_name: 'priority', removed: 'Normal', added: 'Highest' }] },
        ],
      },
      {
        id: 4,
        summary: 'Journal compaction blocks requests for seconds on large stores',
        product: 'Companion',
        component: 'Server',
        priority: 'High',
        severity: 'major',
        reporter: ADMIN,
        assigned_to: ADMIN,
        comments: [
          {
            author: ADMIN,
            time: days(1),
            text: 'With 2 million visits, requests wait about 3 s while the snapshot is written.',
          },
          {
            author: PM,
            time: ago(40),
            text: 'Customers with big trackers hit this every hour. Can we make it for 1.1?',
          },
        ],
      },
      {
        id: 5,
        alias: 'private-report',
        summary: 'Bug list page runs a script put in a bug summary',
        product: 'Companion',
        component: 'Server',
        priority: 'Highest',
        severity: 'critical',
        reporter: ADMIN,
        assigned_to: DEV,
        groups: ['security'],
        comments: [
          { author: ADMIN, time: days(2), text: 'A summary of <script>alert(1)</script> runs on index.cgi.' },
          {
            author: DEV,
            time: days(1),
            text: 'Internal: the reporter is a customer; do not name them in the advisory.',
            is_private: true,
          },
          { author: DEV, time: hours(20), text: 'Every bug page now escapes its text.' },
        ],
      },
      {
        id: 6,
        summary: 'Options page text is unreadable in the dark theme',
        product: 'Companion',
        component: 'Extension',
        priority: 'Low',
        severity: 'minor',
        reporter: QA,
        assigned_to: DEV,
        cc: [ADMIN],
        comments: [
          { author: QA, time: days(4), text: 'Grey on dark grey: the labels cannot be read.' },
          { author: DEV, time: days(1), text: 'Confirmed on Chromium 131 with the system in dark mode.' },
        ],
        history: [
          { who: DEV, when: days(1), changes: [{ field_name: 'status', removed: 'UNCONFIRMED', added: 'CONFIRMED' }] },
        ],
      },
      {
        id: 7,
        summary: 'Options page does not accept a tracker URL without a trailing slash',
        product: 'Companion',
        component: 'Extension',
        status: 'VERIFIED',
        resolution: 'FIXED',
        severity: 'normal',
        reporter: PM,
        assigned_to: DEV,
        comments: [
          {
            author: PM,
            time: days(7),
            text: 'https://bugzilla.example.org/bugzilla is refused; with a / at the end it works.',
          },
          { author: DEV, time: days(6), text: 'The URL is normalised now, with or without the slash.' },
          { author: QA, time: days(5), text: 'Verified with both forms and with a pasted /rest.' },
        ],
        history: [
          {
            who: DEV,
            when: days(6),
            changes: [
              { field_name: 'status', removed: 'CONFIRMED', added: 'RESOLVED' },
              { field_name: 'resolution', removed: '', added: 'FIXED' },
            ],
          },
          { who: QA, when: days(5), changes: [{ field_name: 'status', removed: 'RESOLVED', added: 'VERIFIED' }] },
        ],
      },
      {
        id: 8,
        summary: 'Document running the server behind a reverse proxy',
        product: 'Companion',
        component: 'Documentation',
        severity: 'enhancement',
        reporter: PM,
        assigned_to: PM,
        comments: [
          {
            author: PM,
            time: days(3),
            text: 'People ask how to put nginx in front; --allowed-host is the missing piece.',
          },
        ],
      },
      {
        id: 9,
        summary: 'Clock warning shown for a one-second difference',
        product: 'Companion',
        component: 'Extension',
        severity: 'trivial',
        reporter: QA,
        assigned_to: DEV,
        comments: [
          {
            author: QA,
            time: days(2),
            text: 'The badge turns orange when db_time and web_time differ by exactly 1 s.',
          },
          {
            author: DEV,
            time: hours(30),
            text: 'Timestamps are whole seconds, so 1 s is noise; the threshold is "more than 1 s".',
          },
        ],
      },
      {
        id: 10,
        summary: "Add 'Mark all as seen' to the popup",
        product: 'Companion',
        component: 'Extension',
        severity: 'enhancement',
        reporter: ADMIN,
        assigned_to: DEV,
        cc: [PM],
        comments: [
          { author: ADMIN, time: days(5), text: 'One request for all of them: POST /rest/bug_user_last_visit {ids}.' },
          { author: PM, time: days(4), text: 'Yes please, and only for the bugs that changed.' },
        ],
      },
      {
        id: 11,
        summary: 'Retention removes visits made today when the clock moves back',
        product: 'Companion',
        component: 'Server',
        severity: 'normal',
        reporter: DEV,
        assigned_to: ADMIN,
        comments: [
          {
            author: DEV,
            time: days(3),
            text: 'After an NTP step of -1 h the hourly run dropped visits from this morning.',
          },
        ],
      },
      {
        id: 12,
        summary: 'Alias look-up is case-sensitive on PostgreSQL trackers',
        product: 'Companion',
        component: 'Server',
        status: 'RESOLVED',
        resolution: 'WONTFIX',
        severity: 'minor',
        reporter: QA,
        assigned_to: ADMIN,
        comments: [
          { author: QA, time: days(6), text: 'MYALIAS is not found on a PostgreSQL tracker, myalias is.' },
          {
            author: ADMIN,
            time: days(5),
            text: "That is the tracker's database; we match aliases in any case, as MySQL does.",
          },
        ],
        history: [
          {
            who: ADMIN,
            when: days(5),
            changes: [
              { field_name: 'status', removed: 'CONFIRMED', added: 'RESOLVED' },
              { field_name: 'resolution', removed: '', added: 'WONTFIX' },
            ],
          },
        ],
      },
    ],
    audit_log: [
      {
        class: 'Bugzilla::Product',
        object_id: 1,
        field: 'name',
        removed: '',
        added: 'Companion',
        at_time: ago(60 * 24),
        user: ADMIN,
      },
      {
        class: 'Bugzilla::Component',
        object_id: 1,
        field: 'name',
        removed: '',
        added: 'Server',
        at_time: ago(60 * 5),
        user: ADMIN,
      },
      {
        class: 'Bugzilla::Milestone',
        object_id: 1,
        field: 'value',
        removed: '',
        added: '1.0',
        at_time: ago(30),
        user: ADMIN,
      },
    ],
    // The admin looked at these before some of them changed: 2, 3, 4 and 6 have news since.
    last_visits: [
      { user: ADMIN, bug_id: 6, last_visit_ts: days(2) },
      { user: ADMIN, bug_id: 10, last_visit_ts: hours(5) },
      { user: ADMIN, bug_id: 3, last_visit_ts: hours(3) },
      { user: ADMIN, bug_id: 4, last_visit_ts: ago(90) },
      { user: ADMIN, bug_id: 2, last_visit_ts: ago(45) },
      { user: ADMIN, bug_id: 1, last_visit_ts: ago(10) },
      { user: DEV, bug_id: 3, last_visit_ts: ago(30) },
      { user: QA, bug_id: 2, last_visit_ts: ago(20) },
    ],
  };
  return { fixture, adminApiKey, adminPassword };
}
