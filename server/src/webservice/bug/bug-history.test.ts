import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugContentFixture } from '../../../testing/bug-content-fixture.js';
import { type RunningServer, serveCli, serveFixture, tempDir } from '../../../testing/cli-server.js';
import { KEYS } from '../../../testing/fixtures.js';
import { expectBugzillaError, getOk, httpClient } from '../../../testing/http.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';

type History = {
  bugs: Array<{
    id: number;
    alias: string[];
    history: Array<{ when: string; who: string; changes: Array<Record<string, unknown>> }>;
  }>;
};

let server: RunningServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await serveFixture(bugContentFixture());
  api = httpClient(server.url);
});
afterAll(() => server.stop());

const read = (path: string, key?: string) => getOk<History>(api, path, key);
const whens = (answer: History) => answer.bugs[0]?.history.map((set) => set.when);

describe('GET /rest/bug/{id}/history', () => {
  it('answers change sets oldest first, with logins and string values', async () => {
    const answer = await read('/rest/bug/myalias/history', KEYS.bob);
    expect(answer.bugs).toEqual([
      {
        id: 1,
        alias: ['myalias'],
        history: [
          {
            when: '2026-03-02T10:00:00Z',
            who: 'admin@example.com',
            changes: [{ field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' }],
          },
          {
            when: '2026-03-04T12:00:00Z',
            who: 'carol@example.com',
            changes: [{ field_name: 'priority', removed: 'Normal', added: 'High' }],
          },
        ],
      },
    ]);
  });

  it('shows the change that made a comment private only to insiders, with the comment row', async () => {
    const insider = await read('/rest/bug/1/history', KEYS.alice);
    expect(whens(insider)).toEqual(['2026-03-02T10:00:00Z', '2026-03-03T11:30:00Z', '2026-03-04T12:00:00Z']);
    expect(insider.bugs[0]?.history[1]?.changes[0]).toMatchObject({
      field_name: 'longdescs.isprivate',
      added: '1',
      comment: { comment_id: 3, bug_id: 1, thetext: 'Insiders only.', isprivate: 1, bug_when: '2026-03-03 11:00:00' },
    });
  });

  it('new_since keeps only strictly later change sets', async () => {
    expect(whens(await read('/rest/bug/1/history?new_since=2026-03-02T10:00:00Z'))).toEqual(['2026-03-04T12:00:00Z']);
    expect(whens(await read('/rest/bug/1/history?new_since=2026-03-02T09:59:59Z'))).toEqual([
      '2026-03-02T10:00:00Z',
      '2026-03-04T12:00:00Z',
    ]);
    await expectBugzillaError(await api('/rest/bug/1/history?new_since=later'), 400, 56);
  });

  it('adds the bugs of the query ids; a bug without changes has an empty history', async () => {
    const answer = await read('/rest/bug/1/history?ids=6');
    expect(answer.bugs.map((bug) => [bug.id, bug.history.length])).toEqual([
      [1, 2],
      [6, 0],
    ]);
  });

  it('refuses hidden and unknown bugs', async () => {
    await expectBugzillaError(await api('/rest/bug/2/history', { key: KEYS.bob }), 401, 102);
    await expectBugzillaError(await api('/rest/bug/999/history'), 404, 101);
  });
});

describe("a history change naming another bug's comment (a hand-edited data file)", () => {
  it('never shows that comment, even to an insider: it may be a bug they cannot see', async () => {
    const snapshot = snapshotFromFixture(bugContentFixture());
    const secret = snapshot.comments?.find((comment) => comment.bug_id === 2);
    const change = snapshot.bugs.find((bug) => bug.id === 1)?.history?.[1]?.changes[0];
    if (!secret || !change) throw new Error('the fixture changed: bug 2 has a comment, bug 1 a second change set');
    change.comment_id = secret.id;
    const dataPath = join(await tempDir(), 'data.json');
    await writeFile(dataPath, JSON.stringify(snapshot), { mode: 0o600 });
    const edited = await serveCli(dataPath);
    try {
      const answer = await getOk<History>(httpClient(edited.url), '/rest/bug/1/history', KEYS.alice);
      const text = JSON.stringify(answer);
      expect(text).toContain('longdescs.isprivate');
      expect(text).not.toContain(secret.text);
    } finally {
      await edited.stop();
    }
  });
});
