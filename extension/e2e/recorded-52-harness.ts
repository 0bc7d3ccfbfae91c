import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BzServer, startServer } from '@bz-companion/server';
import { createClient } from '@bz-companion/shared';

/**
 * The triage story against a real Bugzilla 5.2, as recorded: by default the test double replays
 * what that 5.2 answered the extension (server/test-data/bugzilla-5.2/extension-story/, made as
 * its README says); with `BZ52_RECORD_FROM` (the address of a 5.2 seeded as that README says, and
 * the two users' keys in `BZ52_TESS_KEY` and `BZ52_CAROL_KEY`) the same story runs through the
 * test double's recording proxy and writes those recordings again.
 */
export const RECORDINGS = fileURLToPath(
  new URL('../../server/test-data/bugzilla-5.2/extension-story/', import.meta.url),
);
/**
 * The instants the extension's clock is stopped at for its first and its second look, one a line,
 * written when recording: every time the extension puts into a request (changed since its last
 * look, since a bug was seen) comes from its clock, and a replay matches a request on its query,
 * so the replay runs on the recorded clock.
 */
const CLOCK_FILE = `${RECORDINGS}stopped-clock.txt`;
/** A whole second at or after `ms`, as Bugzilla's times are. */
const wholeSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;

export const ME = 'tess@example.com';
/** The tracker's id in the extension's storage. */
export const TRACKER = 'r52';

const recordFrom = process.env.BZ52_RECORD_FROM;

export interface RecordedTracker {
  server: BzServer;
  /** The extension's clock for its first look, stopped, ms. */
  clock: number;
  /** The key the extension holds: the user's on the real 5.2 when recording; any key replays. */
  key: string;
  /**
   * Carol files a bug assigned to the user, comments on the bug the user is CC'd on and raises
   * the priority of the one they follow: on the real 5.2 when recording; a replay has her
   * changes in the answers recorded after them. Gives the clock for the extension's next look.
   */
  carolActs(): Promise<number>;
}

export async function startRecorded52(): Promise<RecordedTracker> {
  if (!recordFrom) {
    const [first, next] = readFileSync(CLOCK_FILE, 'utf8').trim().split('\n').map(Date.parse) as [number, number];
    return {
      server: await startServer({ replay: RECORDINGS }),
      clock: first,
      key: 'AnyKeyReplays0123456789abcdefghijklmnop',
      carolActs: async () => next,
    };
  }
  const key = process.env.BZ52_TESS_KEY;
  const carolKey = process.env.BZ52_CAROL_KEY;
  if (!key || !carolKey) throw new Error('recording: set BZ52_TESS_KEY and BZ52_CAROL_KEY too');
  rmSync(RECORDINGS, { recursive: true, force: true });
  mkdirSync(RECORDINGS, { recursive: true });
  const clock = wholeSecond(Date.now()) - 1000;
  writeFileSync(CLOCK_FILE, `${new Date(clock).toISOString()}\n`);
  const server = await startServer({ proxy: recordFrom, record: RECORDINGS });
  return {
    server,
    clock,
    key,
    carolActs: async () => {
      // Straight to the tracker, not through the recorder: these are Carol's requests, not the extension's.
      const carol = createClient({ baseUrl: recordFrom, apiKey: carolKey, authMode: 'query' });
      await carol.bugs.create({
        product: 'TestProduct',
        component: 'TestComponent',
        version: 'unspecified',
        op_sys: 'All',
        platform: 'All',
        summary: 'Onboarding checklist for the new tracker',
        description: 'Could you take this one this week?',
        assigned_to: ME,
      });
      await carol.bugs.addComment(3, { comment: '+1, I see this too.' });
      await carol.bugs.update(5, { priority: 'Highest' });
      const next = wholeSecond(Date.now());
      appendFileSync(CLOCK_FILE, `${new Date(next).toISOString()}\n`);
      return next;
    },
  };
}

/**
 * What the options page would store: the tracker with its login given (5.2 cannot say whose key
 * it is), and bug 5 followed as opened a minute before the clock (after it was filed).
 */
export function recordedStorage(tracker: RecordedTracker) {
  const seen = Math.floor((tracker.clock - 60_000) / 1000);
  return {
    sync: {
      schemaVersion: 2,
      trackers: [
        {
          id: TRACKER,
          url: tracker.server.url,
          authPreference: 'auto',
          recordVisits: true,
          label: 'Bugzilla 5.2',
          login: ME,
        },
      ],
    },
    local: { schemaVersion: 2, [`apiKey:${TRACKER}`]: tracker.key, [`followed:${TRACKER}`]: { 5: [seen, seen] } },
  };
}
