import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot, NOBODY_KEY } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveStoreInProcess } from '../../../testing/in-process-server.js';
import { openStore } from '../../stores/open/open-store.js';

/*
 * 5.2's Bug.update_attachment lets one who may not edit an attachment change the flags they set or
 * were asked for, and nothing else. Here attachment 1's approval? (on bug 8, attached by dev) was
 * set by nobody@example.com, who has no group at all.
 */
let server: InProcessServer;
beforeAll(async () => {
  const snapshot = bugzilla52ExtendedSnapshot();
  const flag = snapshot.attachments?.find((attachment) => attachment.id === 1)?.flags[0];
  if (flag) flag.setter = 'nobody@example.com';
  const { store } = await openStore({ kind: 'memory', snapshot });
  server = await serveStoreInProcess(store, { profile: 'bugzilla-5.2' });
});
afterAll(() => server.stop());

async function put(body: object, key = NOBODY_KEY) {
  const response = await fetch(`${server.url}/rest/bug/attachment/1?Bugzilla_api_key=${key}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refused = {
  status: 400,
  body: expect.objectContaining({ code: 32000, message: 'You are not authorized to edit attachment 1.' }),
};

describe('a flag setter without rights to the attachment', () => {
  it('may not change the attachment, nor add a flag, nor change flags of others', async () => {
    expect(await put({ summary: 'Mine now', flags: [{ id: 2, status: 'X' }] })).toEqual(refused);
    expect(await put({ flags: [{ name: 'approval', status: '?', new: true }] })).toEqual(refused);
    expect(await put({ summary: 'Mine now' })).toEqual(refused);
  });

  it('may clear the flag they set', async () => {
    const { status, body } = await put({ flags: [{ id: 2, status: 'X' }] });
    expect(status).toBe(200);
    expect(body.attachments).toEqual([
      expect.objectContaining({ id: 1, changes: { 'flagtypes.name': { removed: 'approval?', added: '' } } }),
    ]);
    const read = await fetch(`${server.url}/rest/bug/attachment/1?Bugzilla_api_key=${BUGZILLA_52_KEYS.user}`);
    const attachments = ((await read.json()) as { attachments: Record<string, { flags: unknown[] }> }).attachments;
    expect(attachments['1']?.flags).toEqual([]);
  });
});
