import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';
import { WhatChanged } from '../src/follow/what-changed.js';
import { Delivery } from '../src/visits/delivery.js';
import { platformWithTrackers } from './trackers.js';

export const ME = 'me@example.com';
export const OTHER_KEY = 'SomebodyElseKey789abcdefghijklmnopqrstu';

const servers: BzServer[] = [];

/** Stops the servers `startBackground` started (a test file's afterEach). */
export async function stopServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
}

/**
 * The background's "what changed" against the real server under a profile,
 * its clock frozen and moved by the test, the extension's clock reading the
 * same instant; helpers open bug pages and make others comment.
 */
export async function startBackground(
  profile: 'bz-companion' | 'bugzilla-5.2' | 'bugzilla-5.1' | 'bmo',
  fixture: object,
  { notify = false, followInvolved = false, login = undefined as string | undefined } = {},
) {
  const running = await startServer({ fixture, profile, clock: '2026-11-20T10:00:00Z' });
  servers.push(running);
  const { platform, trackers } = await platformWithTrackers({
    url: running.url,
    notify,
    followInvolved,
    ...(login ? { login } : {}),
  });
  const tracker = trackers[0] as (typeof trackers)[0];
  const now = () => Date.parse(running.clock.state().now);
  const delivery = new Delivery(platform, now);
  const whatChanged = new WhatChanged(platform, delivery, now);
  const pageUrl = (bug: number) => `${running.url}show_bug.cgi?id=${bug}`;
  return {
    /** The tracker itself (its faults, its journal). */
    server: running,
    platform,
    tracker,
    delivery,
    whatChanged,
    now,
    /** A bug page loads: started, then loaded (the visit is recorded), then its banner asks. */
    async open(bug: number) {
      running.clock.advance(1);
      await whatChanged.pageStarted(pageUrl(bug));
      const banner = whatChanged.banner(pageUrl(bug));
      await whatChanged.pageVisited(tracker, String(bug));
      return banner;
    },
    async othersComment(bug: number, text: string) {
      running.clock.advance(60);
      // In the query: Bugzilla 5.2 ignores the header.
      const other = createClient({ baseUrl: running.url, apiKey: OTHER_KEY, authMode: 'query' });
      await other.bugs.addComment(bug, { comment: text });
      running.clock.advance(60);
    },
    /** `METHOD path` of the requests about bugs since the last call. */
    bugRequests() {
      const lines = running
        .requests()
        .filter((r) => r.path.startsWith('/rest/bug'))
        .map((r) => {
          const named = ['id', 'ids', 'f1', 'email1'].filter((name) => r.query[name]);
          const query = named.map((name) => `${name}=${r.query[name]?.join(',')}`).join('&');
          return `${r.method} ${r.path}${query ? `?${query}` : ''}`;
        });
      running.clearRequests();
      return lines;
    },
  };
}
