import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import type { Store } from '../src/bugzilla/store/store.js';
import { parseMethodResponse } from '../src/webservice/rpc/xml-rpc-codec.js';
import { type InProcessServer, ManualClock, serveStoreInProcess } from './in-process-server.js';
import { sendRecorded, TokenMap } from './recorded-replay.js';
import { comparable, type RecordedCase, recordedCases, recordedTime } from './recordings.js';
import { HAS_POSTGRES, REPLAY_STORES } from './replay-stores.js';
import { skippedName } from './skipped-suites.js';

export interface FamilyReplay {
  /** The recording file's name (test-data/bugzilla-5.2/<family>.json). */
  family: string;
  snapshot: () => StoreSnapshot;
  /** When the recording ran (its cases' "now"). */
  startedAt: string;
  /** The cases replayed (the methods served); the others are left out. */
  replayed: (recorded: RecordedCase) => boolean;
  /** Where bz-companion answers otherwise, and why: each must still differ, so the list stays true. */
  differences?: Record<number, string>;
  /**
   * Whether the clock follows the recording (forward only, to the latest time a case's answer
   * shows): history joins one user's changes of one second, as 5.2 does, so the seconds matter.
   */
  recordedClock?: boolean;
  /** When 5.2 answered a case, where the answer's own times say otherwise (default: recordedTime). */
  timeOf?: (recorded: RecordedCase) => number | undefined;
  /** The bodies a recording describes in a note instead (over 1 MB), built as the note says, by case. */
  bodies?: Record<number, () => string>;
  /** What the recording changed between requests that a request cannot, before case `n`. */
  before?: (n: number, store: Store) => void;
}

/** An answer as a value: XML-RPC's result or fault, or JSON (REST or JSON-RPC). */
function answerValue(status: number, text: string): unknown {
  if (!text.startsWith('<?xml')) return comparable(status, text, { ignoreDocumentation: true });
  const parsed = parseMethodResponse(text);
  if ('fault' in parsed) return { status, fault: parsed.fault };
  return { status, result: comparable(status, JSON.stringify(parsed.result)) };
}

/**
 * Replays a recorded family in the recorded order on one server under the bugzilla-5.2 profile,
 * on the file store and on PostgreSQL (when the run has one): each case gets 5.2's status and
 * body, times, key order and error documentation set aside.
 */
export function replayFamily(replay: FamilyReplay): void {
  const cases = recordedCases(replay.family).filter(replay.replayed);
  for (const target of REPLAY_STORES) {
    const name = `Bugzilla 5.2's ${replay.family} recordings on ${target.name}`;
    const skipped = target.needsPostgres && !HAS_POSTGRES;
    describe.skipIf(skipped)(skipped ? skippedName(name, 'PostgreSQL') : name, () => {
      let server: InProcessServer;
      let close: () => Promise<void>;
      const tokens = new TokenMap();
      const clock = new ManualClock(Date.parse(replay.startedAt));
      beforeAll(async () => {
        const opened = await target.open(replay.snapshot);
        close = opened.close;
        server = await serveStoreInProcess(opened.store, {
          profile: 'bugzilla-5.2',
          clock,
        });
      });
      afterAll(async () => {
        await server?.stop();
        await close?.();
      });
      for (const recorded of cases) {
        const difference = replay.differences?.[recorded.n];
        it(`#${recorded.n} ${recorded.name}${difference ? ` (differs: ${difference})` : ''}`, async () => {
          if (replay.recordedClock) clock.ms = Math.max(clock.ms, (replay.timeOf ?? recordedTime)(recorded) ?? 0);
          replay.before?.(recorded.n, server.store);
          const build = replay.bodies?.[recorded.n];
          const sent = build ? { ...recorded, request: { ...recorded.request, body: build() } } : recorded;
          const ours = await sendRecorded(server.url, sent, tokens);
          const theirs = answerValue(recorded.response.status, recorded.response.body);
          if (difference) expect(answerValue(ours.status, ours.text)).not.toEqual(theirs);
          else expect(answerValue(ours.status, ours.text)).toEqual(theirs);
        });
      }
    });
  }
}
