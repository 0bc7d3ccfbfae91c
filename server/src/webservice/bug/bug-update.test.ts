import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import { tempDir } from '../../../testing/cli-server.js';
import { type InProcessServer, serveStoreInProcess } from '../../../testing/in-process-server.js';
import { openStore } from '../../stores/open/open-store.js';

/*
 * Bug.update under bz-companion's own contract (the recorded 5.2 answers are replayed elsewhere):
 * PUT /rest/bug with ids, a parameter of the wrong shape as a plain error, and bug writes kept across
 * a restart of the file store.
 */
let dir: string;
let server: InProcessServer;
const headers = { 'X-BUGZILLA-API-KEY': BUGZILLA_52_KEYS.admin, 'Content-Type': 'application/json' };

async function open() {
  return (await openStore({ kind: 'file', path: join(dir, 'data.json'), create: bugzilla52ExtendedSnapshot })).store;
}

beforeAll(async () => {
  dir = await tempDir();
  server = await serveStoreInProcess(await open());
});
afterAll(() => server.stop());

const send = async (method: string, path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('Bug.update in the contract', () => {
  it('changes several bugs through PUT /rest/bug with ids, and needs them', async () => {
    const both = await send('PUT', '/rest/bug', { ids: [1, 'myalias'], whiteboard: '[both]' });
    expect(both.status).toBe(200);
    expect((both.body.bugs as Array<{ id: number }>).map((bug) => bug.id)).toEqual([1, 2]);
    expect(await send('PUT', '/rest/bug', { whiteboard: 'x' })).toMatchObject({ status: 400, body: { code: 50 } });
  });

  it('answers a parameter of the wrong shape with a plain error naming it (5.2 dies there)', async () => {
    expect(await send('PUT', '/rest/bug/1', { cc: ['user@example.com'] })).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 32000,
        message: "The 'cc' parameter must be a struct of add, remove or set.",
      }),
    });
    expect(await send('PUT', '/rest/bug/1', { comment: 'text' })).toMatchObject({ status: 400, body: { code: 32000 } });
  });

  it('keeps every bug write across a restart, new bugs and flags with their numbers', async () => {
    await send('PUT', '/rest/bug/5', { flags: [{ name: 'needinfo', status: '?', requestee: 'dev@example.com' }] });
    const { body } = await send('POST', '/rest/bug', {
      product: 'Widgets',
      component: 'Backend',
      version: '1.0',
      summary: 'Kept',
      op_sys: 'All',
      platform: 'All',
      flags: [{ name: 'review', status: '+' }],
    });
    const before = await server.store.owned?.snapshot();
    await server.stop();
    await server.store.close();
    server = await serveStoreInProcess(await open());
    const after = await server.store.owned?.snapshot();
    expect(after?.bugs).toEqual(before?.bugs);
    const created = await server.store.bugById(body.id as number);
    expect(created?.fields.flags.map((flag) => [flag.name, flag.status])).toEqual([['review', '+']]);
  });
});
