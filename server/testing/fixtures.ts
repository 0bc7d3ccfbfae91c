/** API keys of the standard test fixture, by user. */
export const KEYS = {
  admin: 'AdminKey0123456789abcdefghijklmnopqrstuv',
  alice: 'AliceKey0123456789abcdefghijklmnopqrstuv',
  bob: 'BobKey000123456789abcdefghijklmnopqrstuv',
  carol: 'CarolKey0123456789abcdefghijklmnopqrstuv',
  disabled: 'DisabledKey3456789abcdefghijklmnopqrstuv',
  revoked: 'RevokedKey23456789abcdefghijklmnopqrstuv',
} as const;

/**
 * A small instance covering every access rule: a public bug with an alias,
 * a group-restricted bug and the people who can still see it, a bug that
 * hides its CC list, and audit events of several classes.
 */
export function standardFixture(overrides: { instance?: Record<string, unknown> } = {}) {
  return {
    instance: {
      version: '5.2',
      extensions: { BugModal: { version: '1.0' } },
      parameters: { maintainer: 'admin@example.com', requirelogin: '0' },
      ...overrides.instance,
    },
    groups: ['tweakparams', 'admin', 'secret', 'other'],
    users: [
      { login: 'admin@example.com', real_name: 'Admin', groups: ['tweakparams', 'admin'], api_keys: [KEYS.admin] },
      { login: 'alice@example.com', real_name: 'Alice', groups: ['secret'], api_keys: [KEYS.alice] },
      { login: 'bob@example.com', real_name: 'Bob', api_keys: [KEYS.bob], revoked_api_keys: [KEYS.revoked] },
      { login: 'carol@example.com', real_name: 'Carol', api_keys: [KEYS.carol] },
      {
        login: 'gone@example.com',
        real_name: 'Gone',
        api_keys: [KEYS.disabled],
        disabled: true,
        disabled_text: 'Spammer.',
      },
    ],
    bugs: [
      { id: 1, alias: 'myalias', reporter: 'admin@example.com', assigned_to: 'admin@example.com' },
      { id: 2, reporter: 'alice@example.com', groups: ['secret'] },
      { id: 3, reporter: 'admin@example.com', groups: ['secret'], cc: ['bob@example.com'] },
      {
        id: 4,
        reporter: 'admin@example.com',
        groups: ['secret'],
        cc: ['bob@example.com'],
        cclist_accessible: false,
        qa_contact: 'carol@example.com',
      },
      { id: 5, reporter: 'admin@example.com', groups: ['secret', 'other'], assigned_to: 'carol@example.com' },
      { id: 6, alias: 'Second-Alias', reporter: 'bob@example.com' },
    ],
    audit_log: [
      {
        class: 'Bugzilla::Product',
        object_id: 1,
        field: 'name',
        added: 'P',
        at_time: '2026-01-01T00:00:00Z',
        user: 'admin@example.com',
      },
      {
        class: 'Tracker::Milestone',
        object_id: 1,
        field: 'value',
        added: '1.0',
        at_time: '2026-02-01T00:00:00Z',
        user: 'admin@example.com',
      },
      {
        class: 'Bugzilla::Component',
        object_id: 1,
        field: 'name',
        added: 'C',
        at_time: '2026-01-15T00:00:00Z',
        user: 'admin@example.com',
      },
    ],
  };
}
