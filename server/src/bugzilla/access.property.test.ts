import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MANY_REQUESTS_TIMEOUT_MS } from '../../testing/slow-machine.js';
import { createApp } from '../app.js';
import { snapshotFromFixture } from '../import/fixture/fixture.js';
import { createMemoryStore } from '../stores/memory/memory-store.js';

const GROUPS = ['g1', 'g2', 'tweakparams'];
const SECRET_PARAMETERS = ['smtp_password', 'RADIUS_secret', 'LDAPbinddn', 'shadowdb', 'smtp_username'];

/** A random tracker: users in random groups, bugs with random groups and people, random settings and visits. */
const world = fc
  .record({
    userGroups: fc.array(fc.subarray(GROUPS), { minLength: 2, maxLength: 5 }),
    orGroups: fc.boolean(),
    useQaContact: fc.boolean(),
    strict: fc.boolean(),
  })
  .chain(({ userGroups, ...settings }) => {
    const users = userGroups.length;
    const person = fc.option(fc.nat(users - 1), { nil: null });
    const bug = fc.record({
      groups: fc.subarray(['g1', 'g2']),
      reporter: person,
      assignee: person,
      qa: person,
      cc: fc.subarray([...Array(users).keys()]),
      reporterAccessible: fc.boolean(),
      cclistAccessible: fc.boolean(),
    });
    return fc.record({
      userGroups: fc.constant(userGroups),
      settings: fc.constant(settings),
      bugs: fc.array(bug, { minLength: 1, maxLength: 6 }),
      visits: fc.array(fc.tuple(fc.nat(users - 1), fc.nat(5)), { maxLength: 8 }),
    });
  });

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

const login = (user: number) => `user${user}@example.com`;
const key = (user: number) => `key-of-user-${user}-0123456789abcdefghijklmn`;

/** Bugzilla's rules, written again here from the contract so the server is checked against them. */
function expectedPost(w: World, user: number, bugIndex: number): number {
  const bug = w.bugs[bugIndex] as World['bugs'][number];
  const groups = w.userGroups[user] as string[];
  const inGroups =
    bug.groups.length === 0 ||
    (w.settings.orGroups ? bug.groups.some((g) => groups.includes(g)) : bug.groups.every((g) => groups.includes(g)));
  const visible =
    inGroups ||
    (bug.reporterAccessible && bug.reporter === user) ||
    (bug.cclistAccessible && bug.cc.includes(user)) ||
    bug.assignee === user ||
    (w.settings.useQaContact && bug.qa === user);
  if (!visible) return 102;
  const involved =
    bug.assignee === user ||
    bug.reporter === user ||
    bug.cc.includes(user) ||
    (w.settings.useQaContact && bug.qa === user);
  return w.settings.strict && !involved ? 1300 : 200;
}

async function serve(w: World) {
  const fixture = {
    instance: {
      strict_involvement: w.settings.strict,
      parameters: {
        or_groups: w.settings.orGroups ? '1' : '0',
        useqacontact: w.settings.useQaContact ? '1' : '0',
        smtp_password: 'hunter2',
        last_visit_keep_days: '0',
      },
    },
    groups: GROUPS,
    users: w.userGroups.map((groups, i) => ({ login: login(i), groups, api_keys: [key(i)] })),
    bugs: w.bugs.map((bug, i) => ({
      id: i + 1,
      groups: bug.groups,
      reporter: bug.reporter === null ? null : login(bug.reporter),
      assigned_to: bug.assignee === null ? null : login(bug.assignee),
      qa_contact: bug.qa === null ? null : login(bug.qa),
      cc: bug.cc.map(login),
      reporter_accessible: bug.reporterAccessible,
      cclist_accessible: bug.cclistAccessible,
    })),
    last_visits: w.visits
      .filter(([, bug]) => bug < w.bugs.length)
      .map(([user, bug], i) => ({
        user: login(user),
        bug_id: bug + 1,
        last_visit_ts: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`,
      })),
  };
  const server = createServer(createApp({ store: createMemoryStore(snapshotFromFixture(fixture)) }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('access, for random users, groups, bugs and visits', () => {
  it(
    'lets each user record exactly the bugs Bugzilla allows, and only ever touch their own visits',
    async () => {
      await fc.assert(
        fc.asyncProperty(world, async (w) => {
          const { base, close } = await serve(w);
          const call = async (user: number, method: string, path: string) => {
            const response = await fetch(`${base}${path}`, { method, headers: { 'X-BUGZILLA-API-KEY': key(user) } });
            return { status: response.status, body: (await response.json()) as { code?: number } & unknown[] };
          };
          const allBugs = w.bugs.map((_, i) => `ids=${i + 1}`).join('&');
          const views = async () =>
            Promise.all(
              w.userGroups.map(
                async (_, user) => (await call(user, 'GET', `/rest/bug_user_last_visit?${allBugs}`)).body,
              ),
            );
          try {
            for (let user = 0; user < w.userGroups.length; user++) {
              for (let bug = 0; bug < w.bugs.length; bug++) {
                const before = await views();
                const answer = await call(user, 'POST', `/rest/bug_user_last_visit/${bug + 1}`);
                const expected = expectedPost(w, user, bug);
                expect(answer.status === 200 ? 200 : answer.body.code).toBe(expected);
                const after = await views();
                after.forEach((view, other) => {
                  if (other !== user || expected !== 200) expect(view).toEqual(before[other]);
                });
              }
            }
          } finally {
            await close();
          }
        }),
        { numRuns: Number(process.env.ACCESS_RUNS ?? 40) },
      );
    },
    MANY_REQUESTS_TIMEOUT_MS,
  );

  it(
    'lets each user read exactly the bugs, comments and history Bugzilla shows them',
    async () => {
      await fc.assert(
        fc.asyncProperty(world, async (w) => {
          const { base, close } = await serve(w);
          const get = async (user: number | null, path: string) => {
            const headers: Record<string, string> = user === null ? {} : { 'X-BUGZILLA-API-KEY': key(user) };
            const response = await fetch(`${base}${path}`, { headers });
            return {
              status: response.status,
              body: (await response.json()) as { code?: number; bugs?: Array<{ id: number }> },
            };
          };
          const visibleTo = (user: number | null) =>
            w.bugs
              .map((bug, i) => ({ bug, id: i + 1 }))
              .filter(({ bug, id }) =>
                user === null ? bug.groups.length === 0 : expectedPost(w, user, id - 1) !== 102,
              )
              .map(({ id }) => id);
          try {
            for (const user of [null, ...w.userGroups.keys()]) {
              const found = await get(user, '/rest/bug?include_fields=id');
              expect(found.body.bugs?.map((bug) => bug.id)).toEqual(visibleTo(user));
              for (let id = 1; id <= w.bugs.length; id++) {
                const expected = visibleTo(user).includes(id) ? 200 : 102;
                for (const path of [`/rest/bug/${id}`, `/rest/bug/${id}/comment`, `/rest/bug/${id}/history`]) {
                  const answer = await get(user, path);
                  expect(answer.status === 200 ? 200 : answer.body.code, path).toBe(expected);
                }
              }
            }
          } finally {
            await close();
          }
        }),
        { numRuns: Number(process.env.ACCESS_RUNS ?? 40) },
      );
    },
    MANY_REQUESTS_TIMEOUT_MS,
  );

  it('never shows parameters beyond the caller’s tier', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const { base, close } = await serve(w);
        try {
          const anonymous = (await (await fetch(`${base}/rest/parameters`)).json()) as { parameters: object };
          expect(Object.keys(anonymous.parameters).sort()).toEqual(['maintainer', 'requirelogin']);
          for (let user = 0; user < w.userGroups.length; user++) {
            const response = await fetch(`${base}/rest/parameters`, { headers: { 'X-BUGZILLA-API-KEY': key(user) } });
            const { parameters } = (await response.json()) as { parameters: Record<string, string> };
            if ((w.userGroups[user] as string[]).includes('tweakparams')) {
              expect(parameters.smtp_password).toBe('hunter2');
            } else {
              for (const secret of SECRET_PARAMETERS) expect(parameters).not.toHaveProperty(secret);
              expect(Object.keys(parameters).length).toBe(33);
            }
          }
        } finally {
          await close();
        }
      }),
      { numRuns: 20 },
    );
  });
});
