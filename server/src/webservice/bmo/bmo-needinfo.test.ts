import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * Bug.update's needinfo as bugzilla.mozilla.org takes it (extensions/Needinfo/Extension.pm
 * bug_start_of_update, object_end_of_create/update, object_before_delete): the fixture's bug 1
 * has one needinfo? set by admin and asked of dev; out blocks needinfo; triager is the General
 * component's triage owner, canconfirm, and the bug's mentor.
 */

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: bmoFixture(), clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

type Changes = Record<string, { removed: string; added: string }>;

async function update(key: string, json: Record<string, unknown>): Promise<Changes> {
  const response = await api('/rest/bug/1', { method: 'PUT', key, json });
  const body = (await response.json()) as { bugs?: Array<{ changes: Changes }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.bugs?.[0]?.changes ?? {};
}

async function needinfos(): Promise<Array<{ status: string; requestee?: string; setter: string }>> {
  const got = await getOk<{ bugs: Array<{ flags: Array<{ name: string; status: string; setter: string }> }> }>(
    api,
    '/rest/bug/1?include_fields=flags',
    BMO_KEYS.admin,
  );
  return (got.bugs[0]?.flags ?? []).filter((flag) => flag.name === 'needinfo');
}

const asked = async () => (await needinfos()).map((flag) => flag.requestee ?? '');

describe('needinfo requests under bmo', () => {
  it('asks needinfo_from with needinfo_role=other, beside the comment, once per requestee', async () => {
    const changes = await update(BMO_KEYS.dev, {
      needinfo: 1,
      needinfo_role: 'other',
      needinfo_from: [BMO_LOGINS.admin, BMO_LOGINS.dev],
      comment: { body: 'admin, can you check?' },
    });
    // dev is asked already: only admin's request is new (the extension skips a requestee already asked).
    expect(changes['flagtypes.name']).toEqual({ removed: '', added: `needinfo?(${BMO_LOGINS.admin})` });
    expect(await needinfos()).toEqual([
      expect.objectContaining({ status: '?', requestee: BMO_LOGINS.dev, setter: BMO_LOGINS.admin }),
      expect.objectContaining({ status: '?', requestee: BMO_LOGINS.admin, setter: BMO_LOGINS.dev }),
    ]);
  });

  it("asks the role's person: the triage owner, a mentor by login, the actor, or anyone", async () => {
    await update(BMO_KEYS.admin, { needinfo: 1, needinfo_role: 'triage_owner' });
    expect(await asked()).toEqual([BMO_LOGINS.dev, BMO_LOGINS.triager]);
    // The assignee (dev) is asked already: nothing changes.
    expect(await update(BMO_KEYS.admin, { needinfo: 1, needinfo_role: 'assigned_to' })).toEqual({});
    await update(BMO_KEYS.admin, { needinfo: 1, needinfo_role: 'user' });
    await update(BMO_KEYS.admin, { needinfo: 1 });
    expect(await asked()).toEqual([BMO_LOGINS.dev, BMO_LOGINS.triager, BMO_LOGINS.admin, '']);
    await bz.reset();
    await update(BMO_KEYS.admin, { needinfo: 1, needinfo_role: BMO_LOGINS.triager });
    expect(await asked()).toEqual([BMO_LOGINS.dev, BMO_LOGINS.triager]);
  });

  it('refuses a role naming no user with 51 and writes nothing', async () => {
    const response = await api('/rest/bug/1', {
      method: 'PUT',
      key: BMO_KEYS.admin,
      json: { needinfo: 1, needinfo_role: 'nobody@example.com', comment: { body: 'lost?' } },
    });
    await expectBugzillaError(response, 404, 51, /There is no user named 'nobody@example.com'/);
    // `other` without needinfo_from falls through to BMO's mentor branch: a user named "other".
    const other = await api('/rest/bug/1', {
      method: 'PUT',
      key: BMO_KEYS.admin,
      json: { needinfo: 1, needinfo_role: 'other' },
    });
    await expectBugzillaError(other, 404, 51, /There is no user named 'other'/);
    expect(await asked()).toEqual([BMO_LOGINS.dev]);
  });

  it("hands the actor's own request on with needinfo_type=redirect_to", async () => {
    const changes = await update(BMO_KEYS.dev, {
      needinfo: 1,
      needinfo_role: 'other',
      needinfo_from: BMO_LOGINS.triager,
      needinfo_type: 'redirect_to',
    });
    expect(changes['flagtypes.name']).toEqual({
      removed: `needinfo?(${BMO_LOGINS.dev})`,
      added: `needinfo?(${BMO_LOGINS.triager})`,
    });
    expect(await asked()).toEqual([BMO_LOGINS.triager]);
  });
});

describe('needinfo cleared under bmo', () => {
  it('clears the flag named by needinfo_override_<id>, as the requestee answering does', async () => {
    const changes = await update(BMO_KEYS.dev, { needinfo_override_1: 1, comment: { body: 'Build 42.' } });
    expect(changes['flagtypes.name']).toEqual({ removed: `needinfo?(${BMO_LOGINS.dev})`, added: '' });
    expect(await needinfos()).toEqual([]);
  });

  it('takes the fields as a form too, as BMO reads its parameters', async () => {
    const response = await api('/rest/bug/1', {
      method: 'PUT',
      key: BMO_KEYS.dev,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ needinfo: '1', needinfo_role: 'other', needinfo_from: BMO_LOGINS.triager }),
    });
    expect(response.status).toBe(200);
    expect(await asked()).toEqual([BMO_LOGINS.dev, BMO_LOGINS.triager]);
  });

  it('leaves a needinfo alone when the override is off or names another flag', async () => {
    expect(await update(BMO_KEYS.dev, { needinfo_override_1: 0, needinfo_override_99: 1 })).toEqual({});
    expect(await asked()).toEqual([BMO_LOGINS.dev]);
  });

  it('clears a needinfo set to + or - instead of keeping it', async () => {
    const changes = await update(BMO_KEYS.dev, { flags: [{ id: 1, status: '+' }] });
    expect(changes['flagtypes.name']).toEqual({ removed: `needinfo?(${BMO_LOGINS.dev})`, added: '' });
    expect(await needinfos()).toEqual([]);
  });

  it("refuses to clear someone else's request without canconfirm (needinfo_illegal_change), writing nothing", async () => {
    for (const json of [{ needinfo_override_1: 1, comment: { body: 'gone' } }, { flags: [{ id: 1, status: 'X' }] }]) {
      const response = await api('/rest/bug/1', { method: 'PUT', key: BMO_KEYS.out, json });
      await expectBugzillaError(
        response,
        400,
        32000,
        'Only the requestee or a user with the required permissions can clear a needinfo flag.',
      );
    }
    expect(await asked()).toEqual([BMO_LOGINS.dev]);
    // canconfirm may.
    await update(BMO_KEYS.triager, { needinfo_override_1: 1 });
    expect(await needinfos()).toEqual([]);
  });
});

describe('needinfo blocked under bmo', () => {
  it('refuses to ask a user who blocks needinfo, by the needinfo fields or by flags, writing nothing', async () => {
    const message = `Otto Outsider <${BMO_LOGINS.out}> is not currently accepting "needinfo" requests.`;
    const bodies = [
      { needinfo: 1, needinfo_role: 'other', needinfo_from: BMO_LOGINS.out, comment: { body: 'out?' } },
      { flags: [{ name: 'needinfo', status: '?', requestee: BMO_LOGINS.out, new: true }] },
      { flags: [{ id: 1, status: '?', requestee: BMO_LOGINS.out }] },
    ];
    for (const json of bodies) {
      const response = await api('/rest/bug/1', { method: 'PUT', key: BMO_KEYS.admin, json });
      await expectBugzillaError(response, 400, 32000, message);
    }
    expect(await asked()).toEqual([BMO_LOGINS.dev]);
    const comments = await getOk<{ bugs: Record<string, { comments: unknown[] }> }>(
      api,
      '/rest/bug/1/comment',
      BMO_KEYS.admin,
    );
    expect(comments.bugs['1']?.comments).toHaveLength(3);
  });
});

describe('needinfo_from on Bug.create under bmo', () => {
  it('is refused as a parameter Bug->create does not take (53), and no bug is filed', async () => {
    // BMO's WebService Bug.create hands its parameters to Bugzilla::Bug->create, whose
    // insert_create_data checks each against the bugs table (Bugzilla/Object.pm _check_field:
    // param_invalid): needinfo_from never reaches the Needinfo extension's bug_end_of_create, which
    // only enter_bug.cgi's form (post_bug.cgi, building its own parameters) can feed.
    const count = async () =>
      (await getOk<{ bug_count: number }>(api, '/rest/bug?product=Firefox&count_only=1', BMO_KEYS.admin)).bug_count;
    const before = await count();
    const json = {
      product: 'Firefox',
      component: 'General',
      version: 'unspecified',
      op_sys: 'All',
      platform: 'All',
      summary: 'Asks dev',
      description: 'dev, can you look?',
    };
    const response = await api('/rest/bug', {
      method: 'POST',
      key: BMO_KEYS.admin,
      json: { ...json, needinfo_from: BMO_LOGINS.dev },
    });
    await expectBugzillaError(
      response,
      400,
      53,
      'needinfo_from is not a valid parameter for the Bugzilla::Bug::create function.',
    );
    expect(await count()).toBe(before);
    // The same bug without it is filed.
    const filed = await api('/rest/bug', { method: 'POST', key: BMO_KEYS.admin, json });
    expect(filed.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe('needinfo fields under upstream 5.2', () => {
  it('are unknown parameters there: nothing changes', async () => {
    const fixture = bmoFixture();
    const upstream = await startServer({
      fixture: { ...fixture, instance: { ...fixture.instance, profile: 'bugzilla-5.2' as const } },
      clock: '2026-06-01T12:00:00Z',
    });
    try {
      const response = await httpClient(upstream.url)('/rest/bug/1', {
        method: 'PUT',
        // 5.2 reads the key from the parameters.
        json: {
          api_key: BMO_KEYS.dev,
          needinfo: 1,
          needinfo_role: 'other',
          needinfo_from: BMO_LOGINS.admin,
          needinfo_override_1: 1,
        },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { bugs: Array<{ changes: unknown }> }).bugs[0]?.changes).toEqual({});
    } finally {
      await upstream.stop();
    }
  });
});
