import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BMO_KEYS, BMO_LOGINS, bmoFixture } from '../../../testing/bmo-fixture.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

/*
 * BMO's tracking flags (extensions/TrackingFlags/Extension.pm): drop-downs shown only on the
 * products and components their visibility names, each value settable only by its setter group,
 * whatever 5.2's own rules say. cf_status_firefox120 shows on all of Firefox and on Thunderbird's
 * General; cf_tracking_toolbars only on Firefox's Toolbars. `out` is in no group but
 * release-managers, which alone may say `fixed`; editbugs may say `affected` or `---`.
 */

const setters = { '---': 'editbugs', affected: 'editbugs', fixed: 'release-managers' };

function trackingFixture() {
  const fixture = bmoFixture();
  return {
    ...fixture,
    groups: [...fixture.groups, 'release-managers'],
    users: fixture.users.map((user) =>
      user.login === BMO_LOGINS.out ? { ...user, groups: ['release-managers'] } : user,
    ),
    products: [
      ...fixture.products,
      {
        name: 'Thunderbird',
        components: [
          { name: 'General', default_assignee: BMO_LOGINS.dev },
          { name: 'Mail', default_assignee: BMO_LOGINS.dev },
        ],
        versions: ['unspecified'],
      },
    ],
    custom_fields: [
      {
        name: 'cf_status_firefox120',
        description: 'status-firefox120',
        type: 'single_select',
        values: ['affected', 'fixed'],
        tracking_flag: {
          type: 'status',
          visibility: [{ product: 'Firefox' }, { product: 'Thunderbird', component: 'General' }],
          setters,
        },
      },
      {
        name: 'cf_tracking_toolbars',
        description: 'tracking-toolbars',
        type: 'single_select',
        values: ['+', '-'],
        tracking_flag: {
          visibility: [{ product: 'Firefox', component: 'Toolbars' }],
          setters: { '---': 'editbugs', '+': 'editbugs' },
        },
      },
    ],
    bugs: fixture.bugs.map((bug) =>
      bug.id === 4 ? { ...bug, cf_status_firefox120: 'affected', cf_tracking_toolbars: '+' } : bug,
    ),
  };
}

let bz: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  bz = await startServer({ fixture: trackingFixture(), clock: '2026-06-01T12:00:00Z' });
  api = httpClient(bz.url);
});
afterAll(() => bz.stop());
beforeEach(() => bz.reset());

type Changes = Record<string, { removed: string; added: string }>;

async function bug(id: number): Promise<Record<string, unknown>> {
  const got = await getOk<{ bugs: Array<Record<string, unknown>> }>(api, `/rest/bug/${id}`, BMO_KEYS.admin);
  return got.bugs[0] as Record<string, unknown>;
}

async function update(key: string, id: number, json: Record<string, unknown>): Promise<Changes> {
  const response = await api(`/rest/bug/${id}`, { method: 'PUT', key, json });
  const body = (await response.json()) as { bugs?: Array<{ changes: Changes }> };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.bugs?.[0]?.changes ?? {};
}

describe('tracking flags under bmo', () => {
  it('shows a flag on the bugs of its products and components only', async () => {
    const general = await bug(1);
    expect(general.cf_status_firefox120).toBe('---');
    expect(general).not.toHaveProperty('cf_tracking_toolbars');
    const toolbars = await bug(4);
    expect(toolbars.cf_status_firefox120).toBe('affected');
    expect(toolbars.cf_tracking_toolbars).toBe('+');
  });

  it('answers Bug.fields with the extension type, no values and no visibility field', async () => {
    const got = await getOk<{ fields: Array<Record<string, unknown>> }>(
      api,
      '/rest/field/bug/cf_status_firefox120',
      BMO_KEYS.admin,
    );
    expect(got.fields[0]).toEqual({
      id: expect.any(Number),
      type: 99,
      is_custom: true,
      name: 'cf_status_firefox120',
      display_name: 'status-firefox120',
      is_mandatory: false,
      is_on_bug_entry: false,
      visibility_field: null,
      visibility_values: [],
    });
  });

  it("lets a value's setter group set it, without editbugs, and nobody else", async () => {
    expect(await update(BMO_KEYS.out, 1, { cf_status_firefox120: 'fixed' })).toEqual({
      cf_status_firefox120: { removed: '---', added: 'fixed' },
    });
    // dev is in editbugs, which 5.2 lets change anything, but not in release-managers: `---` and `affected` only.
    expect(await update(BMO_KEYS.dev, 1, { cf_status_firefox120: '---' })).toEqual({
      cf_status_firefox120: { removed: 'fixed', added: '---' },
    });
    await update(BMO_KEYS.dev, 1, { cf_status_firefox120: ['affected'] });
    await expectBugzillaError(
      await api('/rest/bug/1', { method: 'PUT', key: BMO_KEYS.dev, json: { cf_status_firefox120: 'fixed' } }),
      401,
      115,
      'You tried to change the status-firefox120 field from affected to fixed, but only a user with the required permissions may change that field.',
    );
    // A value the flag does not have is no one's to set.
    await expectBugzillaError(
      await api('/rest/bug/1', { method: 'PUT', key: BMO_KEYS.admin, json: { cf_status_firefox120: 'wontfix' } }),
      401,
      115,
    );
    expect((await bug(1)).cf_status_firefox120).toBe('affected');
  });

  it('clears a flag the new component does not show, with a history row', async () => {
    const changes = await update(BMO_KEYS.admin, 4, { component: 'General' });
    expect(changes.cf_tracking_toolbars).toEqual({ removed: '+', added: '---' });
    expect(changes).not.toHaveProperty('cf_status_firefox120');
    const moved = await bug(4);
    expect(moved.cf_status_firefox120).toBe('affected');
    expect(moved).not.toHaveProperty('cf_tracking_toolbars');
    const history = await getOk<{ bugs: Array<{ history: Array<{ changes: Array<Record<string, string>> }> }> }>(
      api,
      '/rest/bug/4/history',
      BMO_KEYS.admin,
    );
    const rows = history.bugs[0]?.history.at(-1)?.changes ?? [];
    expect(rows).toContainEqual({ field_name: 'cf_tracking_toolbars', removed: '+', added: '---' });
  });

  it('sets on a new bug what its product shows and the filer may set, and drops the rest', async () => {
    const filed = (key: string, json: Record<string, unknown>) =>
      api('/rest/bug', {
        method: 'POST',
        key,
        json: {
          product: 'Thunderbird',
          component: 'General',
          version: 'unspecified',
          op_sys: 'All',
          platform: 'All',
          summary: 'New',
          ...json,
        },
      });
    const response = await filed(BMO_KEYS.admin, {
      cf_status_firefox120: ' affected ',
      cf_tracking_toolbars: '+',
    });
    const answer = (await response.json()) as { id: number };
    expect(response.status, JSON.stringify(answer)).toBe(200);
    const { id } = answer;
    const created = await bug(id);
    expect(created.cf_status_firefox120).toBe('affected');
    expect(created).not.toHaveProperty('cf_tracking_toolbars');
    const idOf = async (answer: Promise<Response>) => ((await (await answer).json()) as { id: number }).id;
    // A value the flag lacks is dropped; a component that does not show the flag drops it too.
    expect(
      (await bug(await idOf(filed(BMO_KEYS.admin, { cf_status_firefox120: 'wontfix' })))).cf_status_firefox120,
    ).toBe('---');
    const mail = await bug(await idOf(filed(BMO_KEYS.admin, { component: 'Mail', cf_status_firefox120: 'fixed' })));
    expect(mail).not.toHaveProperty('cf_status_firefox120');
    await expectBugzillaError(
      await filed(BMO_KEYS.dev, { cf_status_firefox120: 'fixed' }),
      400,
      32000,
      "You tried to update the status of the tracking flag 'cf_status_firefox120' to 'fixed'. Only a user with the required permissions may make this change.",
    );
  });

  it("searches a flag as BMO's TrackingFlags do: '---' where a bug has no value, empty only where it has none", async () => {
    const ids = async (query: string) => {
      const got = await getOk<{ bugs: Array<{ id: number }> }>(
        api,
        `/rest/bug?product=Firefox&include_fields=id&${query}`,
        BMO_KEYS.admin,
      );
      return got.bugs.map((found) => found.id).sort((a, b) => a - b);
    };
    expect(await ids('cf_status_firefox120=affected')).toEqual([4]);
    // COALESCE(tracking_flags_bugs.value, '---') (Extension.pm _tracking_flags_search_nonchanged).
    expect(await ids('cf_status_firefox120=---')).toEqual([1, 2, 3]);
    expect(await ids('f1=cf_tracking_toolbars&o1=notequals&v1=---')).toEqual([4]);
    // isempty and isnotempty look at the value itself: no row is empty.
    expect(await ids('f1=cf_tracking_toolbars&o1=isempty')).toEqual([1, 2, 3]);
    expect(await ids('f1=cf_tracking_toolbars&o1=isnotempty')).toEqual([4]);
  });
});
