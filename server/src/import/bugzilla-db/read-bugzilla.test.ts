import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBugzillaTime } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { dropBmoReviewTables, writeBmoReviewTables } from '../../../testing/bmo-review-tables-data.js';
import {
  dropSmallTrackingFlags,
  TRACKING_FIELD_ID,
  trackingSetterGroup,
  writeSmallTrackingFlags,
} from '../../../testing/bmo-tracking-flags-data.js';
import { DUE_TIME } from '../../../testing/bugzilla-custom-fields-data.js';
import { BASE_TIME, writeSmallBugzilla } from '../../../testing/bugzilla-import-data.js';
import { openBugzillaSqlSession } from '../../../testing/bugzilla-sql-session.js';
import { describeWithMariadb, useFreshMysqlDatabase } from '../../../testing/mariadb-test-database.js';
import { describeWithPostgres, useFreshDatabase } from '../../../testing/postgres-test-database.js';
import { hashApiKey } from '../../bugzilla/user/api-keys.js';
import { collectSnapshot } from '../../stores/snapshot-parts.js';
import { readBugzillaStream } from './read-bugzilla.js';
import { openBugzillaSource } from './source.js';

/** The same Bugzilla database, read the same, whichever engine holds it. */
function readsBugzilla(databaseUrl: () => string): void {
  const loaded = async () => {
    const session = await openBugzillaSqlSession(databaseUrl());
    try {
      await writeSmallBugzilla(session);
    } finally {
      await session.close();
    }
  };
  const read = async (withPasswords = false, bugzillaDir?: string) => {
    const source = await openBugzillaSource(databaseUrl());
    try {
      return await collectSnapshot(
        await readBugzillaStream(source, { where: 'the test database', withPasswords, bugzillaDir }),
      );
    } finally {
      await source.close();
    }
  };
  /** Runs `change` on the database, then reads it expecting a refusal, then `undo`. */
  const refusal = async (change: string, undo: string) => {
    const session = await openBugzillaSqlSession(databaseUrl());
    try {
      await session.run(change);
      return await read().then(
        () => 'read',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    } finally {
      await session.run(undo);
      await session.close();
    }
  };

  it('refuses a database that is not Bugzilla, naming what is missing', async () => {
    await expect(read()).rejects.toThrow('the test database is not a Bugzilla database (it has no bz_schema, bugs');
    await loaded();
  });

  it('reads users with their groups (grants followed, bless rights apart), keys and no passwords', async () => {
    const { users, groups } = await read();
    expect(users.map((u) => [u.id, u.login, u.real_name, u.disabled, u.disabled_text])).toEqual([
      [1, 'admin@example.com', 'Admin', false, null],
      [2, 'dev@example.com', 'Dev Eloper', false, null],
      [3, 'gone@example.com', 'Gone', true, 'Left the project'],
    ]);
    expect(users[0]?.groups).toEqual(['admin', 'editbugs']);
    expect(users[1]?.groups).toEqual(['secret']);
    // Bless rights: a user's own (isbless rows) and those a group of theirs grants; mail off by disable_mail.
    expect(users.map((u) => [u.bless_groups, u.email_enabled])).toEqual([
      [['canconfirm'], undefined],
      [['editusers'], undefined],
      [undefined, false],
    ]);
    expect(users[1]?.api_keys).toEqual([
      { sha256: hashApiKey('DevRevokedKey00000000000000000000000000R'), revoked: true },
      { sha256: hashApiKey('DevKey0000000000000000000000000000000002'), revoked: false },
    ]);
    expect(users.some((u) => 'password_hash' in u)).toBe(false);
    expect(groups).toContain('secret');
  });

  it('keeps Bugzilla password hashes only when asked, and no placeholder for "no password"', async () => {
    const { users } = await read(true);
    expect(users.map((u) => u.password_hash)).toEqual(['salt1234,hashhashhash{SHA-256}', undefined, undefined]);
  });

  it('reads bugs with every field, relation and flag', async () => {
    const [one, two, three] = (await read()).bugs;
    expect(one).toMatchObject({
      id: 1,
      alias: ['boot-crash', 'crash-start'],
      reporter_id: 1,
      assigned_to_id: 2,
      qa_contact_id: 2,
      cc_ids: [1, 3],
      groups: [],
    });
    expect(one?.fields).toMatchObject({
      summary: 'Crash on start',
      status: 'CONFIRMED',
      product: 'TestProduct',
      component: 'TestComponent',
      classification: 'Unclassified',
      priority: 'High',
      severity: 'major',
      url: 'https://example.com/1',
      whiteboard: 'crash',
      keywords: ['regression'],
      see_also: ['https://bugs.example.org/show_bug.cgi?id=7'],
      // Bugzilla's class of it, kept as it is.
      see_also_class: { 'https://bugs.example.org/show_bug.cgi?id=7': 'Bugzilla::BugUrl::Bugzilla' },
      blocks: [3],
      depends_on: [],
      creation_time: BASE_TIME,
      last_change_time: BASE_TIME + 600,
      flags: [
        {
          id: 1,
          name: 'review',
          type_id: 1,
          status: '?',
          setter: 'admin@example.com',
          requestee: 'dev@example.com',
          creation_date: formatBugzillaTime((BASE_TIME + 300) * 1000),
          modification_date: formatBugzillaTime((BASE_TIME + 360) * 1000),
        },
      ],
    });
    expect(two?.fields).toMatchObject({ status: 'RESOLVED', resolution: 'DUPLICATE', dupe_of: 1 });
    expect(three).toMatchObject({ groups: ['secret'], reporter_accessible: true, cclist_accessible: false });
    // No creation_ts: the bug is dated by its last change.
    expect(three?.fields).toMatchObject({ depends_on: [1], is_confirmed: false, creation_time: BASE_TIME + 120 });
  });

  it("reads custom fields from fielddefs, field_visibility and each select's table, values from bugs.cf_… and bug_cf_…", async () => {
    const snapshot = await read();
    const fields = new Map(snapshot.catalogue?.custom_fields?.map((field) => [field.name, field]));
    expect([...fields.keys()]).toEqual([
      'cf_build',
      'cf_stage',
      'cf_os',
      'cf_notes',
      'cf_due',
      'cf_ship',
      'cf_regressed_by',
      'cf_points',
      'cf_old',
      'cf_phase',
    ]);
    expect(fields.get('cf_build')).toMatchObject({
      id: 60,
      type: 1,
      description: 'The build',
      sortkey: 6000,
      enter_bug: true,
      is_mandatory: true,
      visibility_field: 'product',
      visibility_value_ids: [2],
    });
    expect(fields.get('cf_old')).toMatchObject({ obsolete: true });
    expect(fields.get('cf_regressed_by')).toMatchObject({ reverse_desc: 'Regressions', is_numeric: true });
    expect(fields.get('cf_stage')?.values.map((value) => [value.value, value.sortkey, value.is_active])).toEqual([
      ['---', 0, true],
      ['testing', 10, true],
      ['abandoned', 20, false],
    ]);
    expect(fields.get('cf_phase')).toMatchObject({ visibility_field: 'cf_stage', value_field: 'cf_stage' });
    expect(fields.get('cf_phase')?.values[1]).toMatchObject({ value: 'unit', visibility_value_id: 2 });
    const [one, two, three] = snapshot.bugs;
    expect(one?.fields?.custom).toEqual({
      cf_build: 'b-ü-1',
      cf_stage: 'testing',
      cf_os: ['linux', 'windows'],
      cf_notes: 'one\r\ntwo',
      cf_due: DUE_TIME,
      cf_ship: '2024-04-30',
      cf_regressed_by: 2,
      cf_points: -5,
      cf_old: 'LEG-1',
      cf_phase: 'unit',
    });
    expect(two?.fields?.custom).toEqual({ cf_os: ['linux'] });
    // Every value at its column's default: none kept.
    expect(three?.fields).not.toHaveProperty('custom');
  });

  it("reads BMO's tracking flags from its TrackingFlags tables: values, setters, where each shows, bugs' values", async () => {
    const session = await openBugzillaSqlSession(databaseUrl());
    try {
      await writeSmallTrackingFlags(session);
      const snapshot = await read();
      const flag = snapshot.catalogue?.custom_fields?.find((field) => field.name === 'cf_status_firefox120');
      expect(flag).toMatchObject({ id: TRACKING_FIELD_ID, type: 2, description: 'status-firefox120', obsolete: false });
      expect(flag?.values.map((value) => [value.value, value.sortkey, value.is_active])).toEqual([
        ['---', 0, true],
        ['affected', 10, true],
        ['fix_later', 20, true],
        ['fixed', 30, true],
        ['wontfix', 40, false],
      ]);
      expect(flag?.tracking).toEqual({
        kind: 'status',
        visibility: [
          { product_id: 1, component_id: null },
          { product_id: 2, component_id: 2 },
        ],
        setter_group_ids: {
          '---': trackingSetterGroup('editbugs'),
          affected: trackingSetterGroup('editbugs'),
          fix_later: trackingSetterGroup('editbugs'),
          fixed: trackingSetterGroup('admin'),
        },
      });
      // Beside bug 1's values read from `bugs`; the other bugs have no row: '---', left out.
      expect(snapshot.bugs[0]?.fields?.custom).toMatchObject({ cf_stage: 'testing', cf_status_firefox120: 'affected' });
      expect(snapshot.bugs[1]?.fields?.custom).toEqual({ cf_os: ['linux'] });
    } finally {
      await dropSmallTrackingFlags(session);
      await session.close();
    }
  });

  it("reads BMO's triage owners and suggested reviewers (Review's tables, by sortkey); Bugzilla's own has none", async () => {
    const product = (snapshot: Awaited<ReturnType<typeof read>>, id: number) =>
      snapshot.catalogue?.products.find((one) => one.id === id);
    const before = product(await read(), 1);
    expect(before).not.toHaveProperty('reviewers');
    expect(before?.components[0]).not.toHaveProperty('triage_owner');
    const session = await openBugzillaSqlSession(databaseUrl());
    try {
      await writeBmoReviewTables(session);
      const after = await read();
      const [first, second] = [product(after, 1), product(after, 2)];
      expect(first?.reviewers).toEqual([2, 1]);
      expect(first?.components[0]).toMatchObject({ triage_owner: 2, reviewers: [1] });
      expect(second).not.toHaveProperty('reviewers');
      expect(second?.components[0]).not.toHaveProperty('triage_owner');
      expect(second?.components[0]).not.toHaveProperty('reviewers');
    } finally {
      await dropBmoReviewTables(session);
      await session.close();
    }
  });

  it('reads comments with their ids and privacy, duplicate notices rendered, text byte for byte', async () => {
    const { comments } = await read();
    expect(comments?.map((c) => [c.id, c.bug_id, c.author_id, c.time, c.is_private])).toEqual([
      [1, 1, 2, BASE_TIME, false],
      [2, 2, 1, BASE_TIME + 60, false],
      [3, 1, 1, BASE_TIME + 400, true],
      [4, 2, 1, BASE_TIME + 700, false],
      [5, 1, 1, BASE_TIME + 700, false],
      [6, 1, 2, BASE_TIME + 800, false],
    ]);
    expect(comments?.[0]?.text).toBe("It crashes. Path: C:\\temp\\it's here");
    expect(comments?.[3]?.text).toBe('\n\n*** This bug has been marked as a duplicate of bug 1 ***');
    expect(comments?.[4]?.text).toBe('*** Bug 2 has been marked as a duplicate of this bug. ***');
  });

  it('keeps attachment comments as their type, and comment tags', async () => {
    const comments = (await read()).comments ?? [];
    expect(comments.find((c) => c.id === 6)).toMatchObject({ text: 'The log.', type: 5, extra_data: '1' });
    expect(comments.find((c) => c.id === 1)?.tags).toEqual(['obsolete', 'spam']);
    expect(comments.find((c) => c.id === 2)).not.toHaveProperty('tags');
  });

  it("reads attachments with their flags, bytes from attach_data or from the directory's files", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bz-companion-bugzilla-dir-'));
    await mkdir(join(dir, 'data', 'attachments', 'group.02'), { recursive: true });
    await writeFile(join(dir, 'data', 'params.json'), '{"maxlocalattachment": "1"}');
    await writeFile(join(dir, 'data', 'attachments', 'group.02', 'attachment.2'), Buffer.from([0, 1, 2, 255]));
    const snapshot = await read(false, dir);
    const [log, core] = snapshot.attachments ?? [];
    expect(log).toMatchObject({
      id: 1,
      bug_id: 1,
      file_name: 'crash.log',
      description: 'Crash log',
      content_type: 'text/plain',
      size: 19,
      creator_id: 2,
      creation_time: BASE_TIME + 800,
      modification_time: BASE_TIME + 850,
      is_patch: false,
      is_obsolete: false,
      flags: [{ id: 2, name: 'review', status: '+', setter: 'admin@example.com' }],
    });
    expect(Buffer.from(snapshot.attachment_data?.[log?.data_sha256 as string] as string, 'base64').toString()).toBe(
      'Segmentation fault\n',
    );
    expect(core).toMatchObject({ id: 2, size: 4, is_obsolete: true, is_private: true });
    expect(snapshot.attachment_data?.[core?.data_sha256 as string]).toBe(
      Buffer.from([0, 1, 2, 255]).toString('base64'),
    );
    expect(snapshot.instance.parameters.maxlocalattachment).toBe('1');
    // Without the directory, the bytes kept there are not to be had.
    expect((await read()).attachments?.[1]?.size).toBe(0);
    await rm(dir, { recursive: true });
  });

  it('groups history into change sets by who and when, with API field names and comment ids', async () => {
    const [one] = (await read()).bugs;
    expect(one?.history).toEqual([
      {
        who_id: 1,
        when: BASE_TIME + 400,
        changes: [
          { field_name: 'status', removed: 'UNCONFIRMED', added: 'CONFIRMED' },
          { field_name: 'cc', removed: '', added: 'admin@example.com' },
        ],
      },
      {
        who_id: 1,
        when: BASE_TIME + 500,
        changes: [{ field_name: 'longdescs.isprivate', removed: '0', added: '1', comment_id: 3 }],
      },
    ]);
  });

  it('reads the audit log, visits (each user oldest first) and the catalogue', async () => {
    const snapshot = await read();
    expect(snapshot.audit_log).toEqual([
      {
        class: 'Bugzilla::Product',
        object_id: 2,
        field: '__create__',
        removed: '',
        added: 'Product 2',
        at_time: formatBugzillaTime((BASE_TIME - 60) * 1000),
        user_id: 1,
      },
    ]);
    expect(snapshot.last_visits).toEqual([
      { user_id: 1, bug_ids: [3], last_visit_ts: [BASE_TIME + 900] },
      { user_id: 2, bug_ids: [2, 1], last_visit_ts: [BASE_TIME + 750, BASE_TIME + 800] },
    ]);
    expect(snapshot.catalogue?.products.map((p) => p.name)).toEqual(['Product 2', 'TestProduct']);
    expect(snapshot.catalogue?.flag_types.map((t) => t.name)).toEqual(['review']);
    expect(snapshot.instance).toMatchObject({ version: null, profile: 'bugzilla-5.2', visit_retention: false });
  });

  it('refuses a Bugzilla older than 5.0 and one newer than 5.2 in one line', async () => {
    expect(
      await refusal('ALTER TABLE user_api_keys RENAME TO old_keys', 'ALTER TABLE old_keys RENAME TO user_api_keys'),
    ).toBe(
      'BugzillaImportError: the test database is a Bugzilla older than 5.0 (it has no user_api_keys table): ' +
        "upgrade it with 5.x's checksetup.pl first",
    );
    expect(await refusal('CREATE TABLE email_rates (id integer)', 'DROP TABLE email_rates')).toBe(
      'BugzillaImportError: the test database is a Bugzilla version this import does not know ' +
        '(its email_rates table came after 5.2)',
    );
    expect(await refusal('UPDATE bz_schema SET version = 2', 'UPDATE bz_schema SET version = 3')).toBe(
      'BugzillaImportError: the test database is a Bugzilla version this import does not know ' +
        '(bz_schema.version 2.00, 5.x writes 3.00)',
    );
  });
}

describeWithMariadb('reading a Bugzilla database on MariaDB', () => {
  readsBugzilla(useFreshMysqlDatabase());
});

describeWithPostgres('reading a Bugzilla database on PostgreSQL', () => {
  readsBugzilla(useFreshDatabase());
});

describe('database URLs', () => {
  it('refuses a URL of another engine before connecting', async () => {
    await expect(openBugzillaSource('sqlite:///tmp/bugs.db')).rejects.toThrow(
      'must be a mysql://… or postgres://… URL',
    );
  });
});
