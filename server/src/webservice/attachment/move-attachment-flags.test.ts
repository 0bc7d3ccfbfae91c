import { afterAll, beforeAll, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import type { InProcessServer } from '../../../testing/in-process-server.js';
import { serveMatrixSnapshot } from '../../../testing/matrix-snapshot-server.js';

/*
 * Bug.update moving bug 8 (Widgets/Backend) to Frontend, where its attachment 1's approval? no
 * longer applies: the answer names the cleared flag in the bug's flagtypes.name change, as 5.2's
 * update_flags adds force_cleanup's removed attachment flags to it, and Bug.attachments lists none.
 */
let server: InProcessServer;
const headers = { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.admin, 'Content-Type': 'application/json' };

beforeAll(async () => {
  server = await serveMatrixSnapshot(bugzilla52ExtendedSnapshot());
});
afterAll(() => server.stop());

const send = async (method: string, path: string, body?: unknown) => {
  const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it("answers a move with the attachments' flags it cleared, and leaves them cleared", async () => {
  const excluded = await send('PUT', '/rest/flag_type/4', { exclusions: [{ Widgets: ['Frontend'] }] });
  expect(excluded.status).toBe(200);
  const moved = await send('PUT', '/rest/bug/8', { component: 'Frontend' });
  expect(moved).toMatchObject({
    status: 200,
    body: {
      bugs: [
        {
          id: 8,
          changes: {
            component: { removed: 'Backend', added: 'Frontend' },
            'flagtypes.name': { removed: 'approval?', added: '' },
          },
        },
      ],
    },
  });
  const listed = await send('GET', '/rest/bug/8/attachment?include_fields=id,flags');
  expect((listed.body.bugs as Record<string, unknown>)['8']).toEqual([
    { id: 1, flags: [] },
    { id: 2, flags: [] },
  ]);
  const history = await send('GET', '/rest/bug/8/history');
  const last = (history.body.bugs as Array<{ history: Array<{ changes: unknown[] }> }>)[0]?.history.at(-1);
  expect(last?.changes).toContainEqual({ field_name: 'flagtypes.name', removed: 'approval?', added: '' });
});
