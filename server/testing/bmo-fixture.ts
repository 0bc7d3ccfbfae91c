import { httpClient } from './http.js';
import { startServer } from './test-server.js';

/**
 * A bugzilla.mozilla.org-shaped data set for the `bmo` profile's tests: people who write their
 * nick in their name as BMO's do (`Dana Dev [:dana]`), a product with components of their own,
 * a public bug with an alias and a needinfo request, a bug in a security group, a duplicate.
 * Its names are ours, not BMO's; the shapes are BMO's.
 */
export const BMO_KEYS = {
  admin: 'BmoAdmin00123456789abcdefghijklmnopqrstu',
  dev: 'BmoDev0000123456789abcdefghijklmnopqrstu',
  triager: 'BmoTriager23456789abcdefghijklmnopqrstu',
  out: 'BmoOut0000123456789abcdefghijklmnopqrstu',
  revoked: 'BmoRevoked23456789abcdefghijklmnopqrstu',
} as const;

export const BMO_LOGINS = {
  admin: 'admin@example.com',
  dev: 'dev@example.com',
  triager: 'triager@example.com',
  out: 'out@example.com',
} as const;

/** The fixture; `parameters` are merged over its own (rate limits are off unless a test turns them on). */
export function bmoFixture(parameters: Record<string, string> = {}) {
  return {
    instance: {
      profile: 'bmo' as const,
      parameters: {
        maintainer: BMO_LOGINS.admin,
        requirelogin: '0',
        timetrackinggroup: 'timetrackers',
        insidergroup: 'insiders',
        ...parameters,
      },
    },
    groups: ['editbugs', 'canconfirm', 'insiders', 'security', 'timetrackers'],
    users: [
      {
        login: BMO_LOGINS.admin,
        real_name: 'Ada Admin [:ada]',
        groups: ['editbugs', 'canconfirm', 'insiders', 'security', 'timetrackers'],
        api_keys: [BMO_KEYS.admin],
      },
      { login: BMO_LOGINS.dev, real_name: 'Dana Dev [:dana]', groups: ['editbugs'], api_keys: [BMO_KEYS.dev] },
      {
        login: BMO_LOGINS.triager,
        real_name: 'Tom Triage (he/him) [:tom]',
        groups: ['editbugs', 'canconfirm'],
        api_keys: [BMO_KEYS.triager],
      },
      {
        login: BMO_LOGINS.out,
        real_name: 'Otto Outsider',
        api_keys: [BMO_KEYS.out],
        revoked_api_keys: [BMO_KEYS.revoked],
        block_reviews: true,
        block_needinfo: true,
        last_seen_date: '2026-05-20',
      },
    ],
    products: [
      {
        name: 'Firefox',
        // BMO's product_reviewers and component_reviewers: out@ blocks reviews, so it is never suggested.
        reviewers: [BMO_LOGINS.out, BMO_LOGINS.admin],
        components: [
          {
            name: 'General',
            default_assignee: BMO_LOGINS.dev,
            triage_owner: BMO_LOGINS.triager,
            reviewers: [BMO_LOGINS.dev],
          },
          { name: 'Toolbars', default_assignee: BMO_LOGINS.dev },
        ],
        versions: ['unspecified'],
      },
    ],
    flag_types: [
      { id: 1, name: 'needinfo', description: 'Set this flag when the bug is in need of additional information' },
      { id: 2, name: 'review', description: 'review', target_type: 'attachment' as const },
    ],
    bugs: [
      {
        id: 1,
        alias: 'public-bug',
        summary: 'Crash on start',
        product: 'Firefox',
        component: 'General',
        version: 'unspecified',
        reporter: BMO_LOGINS.admin,
        assigned_to: BMO_LOGINS.dev,
        type: 'defect',
        mentors: [BMO_LOGINS.triager],
        filed_via: 'standard_form',
        deadline: '2026-09-01',
        flags: [
          {
            id: 1,
            name: 'needinfo',
            type_id: 1,
            status: '?' as const,
            setter: BMO_LOGINS.admin,
            requestee: BMO_LOGINS.dev,
            creation_date: '2026-01-02T00:00:00Z',
          },
        ],
        comments: [
          {
            id: 1,
            author: BMO_LOGINS.admin,
            time: '2026-01-01T00:00:00Z',
            text: 'Crashes.',
            reactions: [
              { user: BMO_LOGINS.dev, reaction: '+1' as const },
              { user: BMO_LOGINS.triager, reaction: '+1' as const },
              { user: BMO_LOGINS.dev, reaction: 'heart' as const },
            ],
          },
          { id: 2, author: BMO_LOGINS.dev, time: '2026-01-02T00:00:00Z', text: 'Which build?' },
          { id: 3, author: BMO_LOGINS.admin, time: '2026-01-02T12:00:00Z', text: 'Internal note.', is_private: true },
        ],
        history: [
          {
            who: BMO_LOGINS.admin,
            when: '2026-01-03T00:00:00Z',
            changes: [{ field_name: 'longdescs.isprivate', removed: '0', added: '1', comment_id: 3 }],
          },
        ],
      },
      {
        id: 2,
        summary: 'Secret crash',
        product: 'Firefox',
        component: 'General',
        version: 'unspecified',
        reporter: BMO_LOGINS.admin,
        assigned_to: BMO_LOGINS.admin,
        groups: ['security'],
        comments: [{ id: 4, author: BMO_LOGINS.admin, time: '2026-01-01T00:00:00Z', text: 'Exploit.' }],
      },
      {
        id: 3,
        summary: 'Crash when starting',
        product: 'Firefox',
        component: 'Toolbars',
        version: 'unspecified',
        status: 'RESOLVED',
        resolution: 'DUPLICATE',
        dupe_of: 1,
        reporter: BMO_LOGINS.triager,
        assigned_to: BMO_LOGINS.dev,
        comments: [{ id: 5, author: BMO_LOGINS.triager, time: '2026-01-03T00:00:00Z', text: 'Same crash.' }],
      },
      {
        id: 4,
        summary: 'Toolbar button gone',
        product: 'Firefox',
        component: 'Toolbars',
        version: 'unspecified',
        type: 'enhancement',
        regressed_by: [1],
        reporter: BMO_LOGINS.dev,
        assigned_to: BMO_LOGINS.dev,
        comments: [{ id: 6, author: BMO_LOGINS.dev, time: '2026-01-04T00:00:00Z', text: 'Since the crash fix.' }],
      },
    ],
  };
}

/** Admin attaches a patch to bug 1 asking `requestee` for review (as BMO's Review flow does); resolves to its id. */
export async function attachReviewRequest(
  api: (path: string, init: { method: string; key: string; json: unknown }) => Promise<Response>,
  summary: string,
  requestee: string,
): Promise<number> {
  const response = await api('/rest/bug/1/attachment', {
    method: 'POST',
    key: BMO_KEYS.admin,
    json: {
      ids: [1],
      data: Buffer.from('patch').toString('base64'),
      file_name: 'fix.diff',
      summary,
      content_type: 'text/plain',
      is_patch: true,
      flags: [{ name: 'review', status: '?', requestee }],
    },
  });
  if (response.status !== 201) throw new Error(`attaching failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { ids: number[] }).ids[0] as number;
}

/** What the BMO fixture's server answers to `path` under the bugzilla-5.2 profile (a BMO route must be no resource there). */
export async function askUnderBugzilla52(path: string): Promise<Response> {
  const fixture = bmoFixture();
  const other = await startServer({
    fixture: { ...fixture, instance: { ...fixture.instance, profile: 'bugzilla-5.2' } },
  });
  try {
    const response = await httpClient(other.url)(path);
    return new Response(await response.text(), { status: response.status, headers: response.headers });
  } finally {
    await other.stop();
  }
}
