import { describe, expect, it } from 'vitest';
import { hashApiKey } from './api-keys.js';
import { defaultInstance } from './default-instance.js';
import { FixtureError, snapshotFromFixture } from './fixture.js';

describe('snapshotFromFixture', () => {
  it('turns every section into the snapshot, numbering users in order', () => {
    const snapshot = snapshotFromFixture({
      instance: { version: '5.0.4', parameters: { requirelogin: '1', last_visit_keep_days: '3' } },
      groups: ['secret', 'secret', 'admin'],
      users: [
        { login: 'a@example.com', real_name: 'A', groups: ['admin', 'admin'], api_keys: ['k1'] },
        { login: 'b@example.com', revoked_api_keys: ['k2'], disabled: true, disabled_text: 'Gone.' },
      ],
      bugs: [{ id: 7, alias: 'seven', reporter: 'a@example.com', cc: ['B@example.com'], groups: ['secret'] }],
      audit_log: [{ class: 'Bugzilla::Product', at_time: '2026-01-01T00:00:00Z', user: 'b@example.com' }],
      last_visits: [
        { user: 'b@example.com', bug_id: 7, last_visit_ts: '2026-01-02T00:00:00Z' },
        { user: 'b@example.com', bug_id: 7, last_visit_ts: '2026-01-03T00:00:00Z' },
      ],
    });
    expect(snapshot.instance).toEqual({
      version: '5.0.4',
      extensions: {},
      parameters: { ...defaultInstance().parameters, requirelogin: '1', last_visit_keep_days: '3' },
      strict_involvement: false,
      visit_retention: true,
      db_time_offset_seconds: 0,
    });
    expect(snapshot.groups).toEqual(['secret', 'admin']);
    expect(snapshot.users).toEqual([
      {
        id: 1,
        login: 'a@example.com',
        real_name: 'A',
        groups: ['admin'],
        api_keys: [{ sha256: hashApiKey('k1'), revoked: false }],
        disabled: false,
        disabled_text: null,
        password_hash: null,
      },
      {
        id: 2,
        login: 'b@example.com',
        real_name: '',
        groups: [],
        api_keys: [{ sha256: hashApiKey('k2'), revoked: true }],
        disabled: true,
        disabled_text: 'Gone.',
        password_hash: null,
      },
    ]);
    expect(snapshot.bugs).toEqual([
      {
        id: 7,
        alias: ['seven'],
        reporter_id: 1,
        assigned_to_id: null,
        qa_contact_id: null,
        cc_ids: [2],
        groups: ['secret'],
        reporter_accessible: true,
        cclist_accessible: true,
        // Its fields' defaults are tested in fixture/bug-content.test.ts.
        fields: expect.objectContaining({ summary: '', status: 'CONFIRMED' }),
        history: [],
      },
    ]);
    expect(snapshot.audit_log).toEqual([
      {
        class: 'Bugzilla::Product',
        object_id: 0,
        field: '',
        removed: '',
        added: '',
        at_time: '2026-01-01T00:00:00Z',
        user_id: 2,
      },
    ]);
    expect(snapshot.last_visits).toEqual([{ user_id: 2, bug_ids: [7, 7], last_visit_ts: [1767312000, 1767398400] }]);
  });

  it('gives an empty fixture Bugzilla 5.2 defaults and no retention', () => {
    const snapshot = snapshotFromFixture({});
    // No version: each profile answers its own (5.2 by default).
    expect(snapshot.instance.version).toBeNull();
    expect(snapshot.instance.parameters).toEqual(defaultInstance().parameters);
    expect(snapshot.instance.visit_retention).toBe(false);
    expect(snapshot.users).toEqual([]);
  });

  it('keeps a password only as a salted hash, and the profile the fixture names', () => {
    const snapshot = snapshotFromFixture({
      instance: { profile: 'bmo' },
      users: [{ login: 'a@example.com', password: 'pw-of-a' }],
    });
    expect(snapshot.instance.profile).toBe('bmo');
    expect(snapshot.users[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(snapshot)).not.toContain('pw-of-a');
    expect(() => snapshotFromFixture({ instance: { profile: 'bugzilla-4.4' } })).toThrow(/instance\.profile/);
  });

  it.each([
    [
      { users: [{ login: 'a@example.com' }], bugs: [{ id: 1, assigned_to: 'ghost@example.com' }] },
      /^bugs\[0\]\.assigned_to: unknown user "ghost@example.com"$/,
    ],
    [
      { audit_log: [{ class: 'X', at_time: '2026-01-01T00:00:00Z', user: 'ghost@example.com' }] },
      /^audit_log\[0\]\.user: unknown user/,
    ],
    [{ bugs: [{ id: 1, alias: 'a b' }] }, /^bugs\[0\]\.alias: "a b" must not contain spaces or commas$/],
    [{ groups: [''], users: [{}] }, /^groups\[0\]: .* \(and 1 more problem\)$/],
    [{ instance: { colour: 'blue', size: 1 } }, /^instance has unknown keys "colour", "size"$/],
  ])('refuses %j in one line naming the place', (fixture, message) => {
    expect(() => snapshotFromFixture(fixture)).toThrow(FixtureError);
    expect(() => snapshotFromFixture(fixture)).toThrow(message);
  });
});
