import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';

/**
 * The triage story's four trackers, one per profile of the test double (the default, upstream
 * 5.2, upstream 5.1, bugzilla.mozilla.org), each a real server in this process, with what needs
 * the user there: a needinfo and a review asked of them (the review on a patch), a bug they are
 * CC'd on, a bug they follow whose status others change, and a feedback they asked of Carol.
 */
export const ME = 'tess@example.com';
export const CAROL = 'carol@example.com';
export const KEY = 'TriageTesterKey789abcdefghijklmnopqrstuv';
export const CAROL_KEY = 'TriageCarolKey6789abcdefghijklmnopqrstu';

export type Profile = 'bz-companion' | 'bugzilla-5.2' | 'bugzilla-5.1' | 'bmo';

/** Each tracker's id, label and profile; the needinfo asked on each is this many hours old (oldest first). */
export const TRIAGE_TRACKERS: ReadonlyArray<{ id: string; label: string; profile: Profile; hours: number }> = [
  { id: 'd', label: 'Default', profile: 'bz-companion', hours: 50 },
  { id: 'u52', label: 'Upstream 5.2', profile: 'bugzilla-5.2', hours: 49 },
  { id: 'u51', label: 'Upstream 5.1', profile: 'bugzilla-5.1', hours: 48 },
  { id: 'bmo', label: 'BMO', profile: 'bmo', hours: 47 },
];

const hoursAgo = (hours: number) => `${new Date(Date.now() - hours * 3_600_000).toISOString().slice(0, 19)}Z`;

const request = (id: number, name: string, requestee: string, setter: string, hours: number) => ({
  id,
  name,
  status: '?' as const,
  setter,
  requestee,
  creation_date: hoursAgo(hours),
});

export function triageFixture(hours: number) {
  return {
    groups: ['editbugs'],
    users: [
      { login: ME, real_name: 'Tess Tester', api_keys: [KEY], groups: ['editbugs'] },
      { login: CAROL, real_name: 'Carol Colleague', api_keys: [CAROL_KEY], groups: ['editbugs'] },
    ],
    bugs: [
      {
        id: 1,
        reporter: CAROL,
        assigned_to: CAROL,
        summary: 'Crash report needs the reporter’s build',
        status: 'CONFIRMED',
        flags: [request(1, 'needinfo', ME, CAROL, hours)],
        comments: [{ author: CAROL, time: hoursAgo(hours + 1), text: 'Which build was this?' }],
      },
      {
        id: 2,
        reporter: CAROL,
        assigned_to: CAROL,
        summary: 'Scrolling stutters on long pages',
        comments: [{ author: CAROL, time: hoursAgo(hours - 20), text: 'A patch is attached.' }],
      },
      { id: 3, reporter: CAROL, summary: 'Dark mode toggle forgets its state', cc: [ME], status: 'CONFIRMED' },
      {
        id: 4,
        reporter: ME,
        summary: 'Export drops the last row',
        flags: [request(3, 'feedback', CAROL, ME, hours - 10)],
      },
      { id: 5, reporter: CAROL, summary: 'Settings page loads slowly', status: 'CONFIRMED' },
    ],
    attachments: [
      {
        id: 7,
        bug_id: 2,
        file_name: 'fix-scroll.patch',
        summary: 'Throttle the scroll handler',
        content_type: 'text/plain',
        is_patch: true,
        creator: CAROL,
        creation_time: hoursAgo(hours - 24),
        data: 'ZGlmZg==',
        flags: [request(2, 'review', ME, CAROL, hours - 24)],
      },
    ],
  };
}

export interface TriageTracker {
  id: string;
  label: string;
  profile: Profile;
  server: BzServer;
}

export async function startTriageTrackers(): Promise<TriageTracker[]> {
  return Promise.all(
    TRIAGE_TRACKERS.map(async ({ id, label, profile, hours }) => ({
      id,
      label,
      profile,
      server: await startServer({ fixture: triageFixture(hours), profile }),
    })),
  );
}

/**
 * What the options page would store for these trackers (the upstream 5.2's login given, as its
 * options ask for it: 5.2 cannot say whose key it is), and bug 5 followed as opened two hours ago.
 */
export function triageStorage(trackers: readonly TriageTracker[]) {
  const seen = Math.floor((Date.now() - 2 * 3_600_000) / 1000);
  return {
    sync: {
      schemaVersion: 2,
      trackers: trackers.map((t) => ({
        id: t.id,
        url: t.server.url,
        authPreference: 'auto',
        recordVisits: true,
        label: t.label,
        ...(t.profile === 'bugzilla-5.2' ? { login: ME } : {}),
      })),
    },
    local: {
      schemaVersion: 2,
      ...Object.fromEntries(
        trackers.flatMap((t) => [
          [`apiKey:${t.id}`, KEY],
          [`followed:${t.id}`, { 5: [seen, seen] }],
        ]),
      ),
    },
  };
}

/** Carol, on each tracker: files a bug assigned to the user, comments on the CC'd bug, resolves the followed one. */
export async function carolActs(trackers: readonly TriageTracker[]): Promise<Record<string, number>> {
  const filed: Record<string, number> = {};
  for (const t of trackers) {
    // In the query: Bugzilla 5.2 ignores the header.
    const carol = createClient({ baseUrl: t.server.url, apiKey: CAROL_KEY, authMode: 'query' });
    const { id } = await carol.bugs.create({
      product: 'TestProduct',
      component: 'TestComponent',
      version: 'unspecified',
      op_sys: 'All',
      platform: 'All',
      summary: `Onboarding checklist for ${t.label}`,
      description: 'Could you take this one this week?',
      assigned_to: ME,
    });
    filed[t.id] = id;
    await carol.bugs.addComment(3, { comment: '+1, I see this too.' });
    await carol.bugs.update(5, { priority: 'Highest' });
  }
  return filed;
}

/** What reached a tracker that changes something, as `METHOD path`. */
export const writes = (t: TriageTracker) =>
  t.server
    .requests()
    .filter((r) => r.method !== 'GET' && !r.path.startsWith('/rest/bug_user_last_visit'))
    .map((r) => `${r.method} ${r.path}`);
