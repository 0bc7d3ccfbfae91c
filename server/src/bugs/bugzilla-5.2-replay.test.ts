import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52Fixture } from '../testing/bugzilla-5.2-fixture.js';
import { type RunningServer, serveFixture } from '../testing/cli-server.js';
import { comparable, type RecordedCase, recordedCases, requestBody } from './bugzilla-5.2-replay.js';

/**
 * Every recorded case of the bug families, sent to our server loaded with the
 * same data set, must get 5.2's status, code, message and body. Where
 * bz-companion's contract deliberately answers otherwise, the case is listed
 * here with the reason, and must still differ (so this list stays true).
 */
const DIFFERENCES: Record<string, string> = {};

let readServer: RunningServer;
let writeServer: RunningServer;

beforeAll(async () => {
  [readServer, writeServer] = await Promise.all([serveFixture(bugzilla52Fixture()), serveFixture(bugzilla52Fixture())]);
});
afterAll(async () => {
  await Promise.all([readServer.stop(), writeServer.stop()]);
});

async function replay(server: RunningServer, recorded: RecordedCase) {
  const { request } = recorded;
  const body = requestBody(request);
  const response = await fetch(`${server.url}${request.path}`, {
    method: request.method,
    headers: request.headers ?? {},
    ...(body === undefined ? {} : { body }),
  });
  return {
    ours: comparable(response.status, await response.text()),
    theirs: comparable(recorded.response.status, recorded.response.body),
  };
}

for (const family of ['bug-get', 'bug-comments', 'bug-history', 'bug-comment-post']) {
  describe(`Bugzilla 5.2's ${family} recordings`, () => {
    // The POST family changes data, in recorded order, on a server of its own.
    const server = () => (family === 'bug-comment-post' ? writeServer : readServer);
    for (const recorded of recordedCases(family)) {
      const difference = DIFFERENCES[`${family}#${recorded.n}`];
      it(`#${recorded.n} ${recorded.name}${difference ? ` (differs: ${difference})` : ''}`, async () => {
        const { ours, theirs } = await replay(server(), recorded);
        if (difference) expect(ours).not.toEqual(theirs);
        else expect(ours).toEqual(theirs);
      });
    }
  });
}
