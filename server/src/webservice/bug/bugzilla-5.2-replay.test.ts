import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../../../testing/bugzilla-5.2-fixture.js';
import { type RunningServer, serveFixture } from '../../../testing/cli-server.js';
import { sendRaw } from '../../../testing/raw-request.js';
import {
  comparable,
  isUnorderedSearch,
  type RecordedCase,
  recordedCases,
  requestBody,
  type VisitRow,
  visitEffects,
} from '../../../testing/recordings.js';

/**
 * Every recorded case of the bug families, sent to our server loaded with the
 * same data set, must get 5.2's status, code, message and body. Where
 * bz-companion's contract deliberately answers otherwise, the case is listed
 * here with the reason, and must still differ (so this list stays true).
 */
const DIFFERENCES: Record<string, string> = {
  'bug-get#6': 'aliases match in any letter case, as on MySQL; 5.2 on PostgreSQL is case-sensitive',
  'bug-get#14': 'a search id that is not a number is code 100; 5.2 on PostgreSQL crashes (100500)',
  'bug-get#54': 'an id above 2^31-1 is code 101 (no such bug); 5.2 on PostgreSQL crashes (100500)',
  'bug-get#81': "our ETags are our own, so 5.2's does not give a 304",
  'bug-comment-post#25': 'a JSON body without Content-Type is read as JSON; 5.2 reads it as a form and loses it',
  'bug-comment-post#26': 'the comment id is one more: #25 posted a comment here',
  'bug-comment-post#27': "the JSON parser's message is Node's, not JSON::XS's with a Perl file and line",
  'bug-comment-post#28': 'reading a last visit works; 5.2 crashes (100500)',
};

let readServer: RunningServer;
let writeServer: RunningServer;

beforeAll(async () => {
  [readServer, writeServer] = await Promise.all([serveFixture(bugzilla52Fixture()), serveFixture(bugzilla52Fixture())]);
});
afterAll(async () => {
  await Promise.all([readServer.stop(), writeServer.stop()]);
});

/** Sends the request exactly as recorded (node:http: fetch would add a Content-Type to a bare body). */
async function replay(server: RunningServer, recorded: RecordedCase) {
  const { request } = recorded;
  const body = requestBody(request);
  const response = await sendRaw(server.url, {
    method: request.method,
    path: request.path,
    headers: request.headers ?? {},
    ...(body === undefined ? {} : { body }),
  });
  // Our contract's errors point at our own documentation.
  const options = { unordered: isUnorderedSearch(request.path), ignoreDocumentation: true };
  return {
    ours: comparable(response.status, response.body, options),
    theirs: comparable(recorded.response.status, recorded.response.body, options),
  };
}

/** The visit rows our server holds for a bug, read as each user of the data set who has any. */
async function ourVisitRows(server: RunningServer, bugId: number): Promise<VisitRow[]> {
  const users = {
    'admin@example.com': BUGZILLA_52_KEYS.admin,
    'user@example.com': BUGZILLA_52_KEYS.user,
    'dev@example.com': BUGZILLA_52_KEYS.dev,
  };
  const rows: VisitRow[] = [];
  for (const [user, key] of Object.entries(users)) {
    const response = await fetch(`${server.url}/rest/bug_user_last_visit/${bugId}?Bugzilla_api_key=${key}`);
    const [visit] = (await response.json()) as Array<{ last_visit_ts: string | null }>;
    if (visit?.last_visit_ts) rows.push({ user, last_visit_ts: visit.last_visit_ts });
  }
  return rows;
}

for (const family of ['bug-get', 'bug-comments', 'bug-history', 'bug-comment-post']) {
  describe(`Bugzilla 5.2's ${family} recordings`, () => {
    // The POST family changes data, in recorded order, on a server of its own.
    const server = () => (family === 'bug-comment-post' ? writeServer : readServer);
    for (const recorded of recordedCases(family)) {
      const difference = DIFFERENCES[`${family}#${recorded.n}`];
      const { db } = recorded;
      const bugId = db?.before.visits && db.after.visits ? db.before.bug?.[0]?.bug_id : undefined;
      const title = `#${recorded.n} ${recorded.name}${bugId ? ', and the same visit rows kept, set and gone' : ''}`;
      it(`${title}${difference ? ` (differs: ${difference})` : ''}`, async () => {
        const before = bugId ? await ourVisitRows(server(), bugId) : [];
        const { ours, theirs } = await replay(server(), recorded);
        if (difference) expect(ours).not.toEqual(theirs);
        else expect(ours).toEqual(theirs);
        if (bugId && db?.before.visits && db.after.visits) {
          expect(visitEffects(before, await ourVisitRows(server(), bugId))).toEqual(
            visitEffects(db.before.visits, db.after.visits),
          );
        }
      });
    }
  });
}
