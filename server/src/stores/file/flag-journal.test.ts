import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addAttachments, updateAttachments } from '../../../testing/attachment-writes.js';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { tempDir } from '../../../testing/cli-server.js';
import { updateBugs } from '../../../testing/contract/bug-write-contract.js';
import { planAttachmentFlags } from '../../bugzilla/attachment/attachment-flags.js';
import type { AttachmentFlagPlanner } from '../../bugzilla/attachment/attachment-write-plan.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { openFileStore } from './file-store.js';

/*
 * Attachment flags and comment privacy are journaled as effects: after a crash (no snapshot
 * written, only the journal), replaying it gives the same flags with the same ids, the same
 * history and the same comments, including entries that were planned against an older state
 * and changed nothing (a concurrent flag change planned again).
 */
const T0 = Date.parse('2026-11-27T13:00:00Z') / 1000;

async function planner(store: Store, actorId: number, requests: object[]): Promise<AttachmentFlagPlanner> {
  const actor = (await store.userById(actorId)) as User;
  const setting = {
    catalogue: store.catalogue,
    parameters: store.instance.parameters,
    actor,
    userByLogin: () => undefined,
    now: '2026-11-27T13:00:00Z',
  };
  return (attachment, bug) => planAttachmentFlags(requests, attachment, bug, setting);
}

async function state(store: Store, attachmentId: number) {
  return {
    flags: (await store.attachmentById(attachmentId))?.flags,
    history: await store.historyOf(1),
    comments: (await store.commentsOf(1)).map((comment) => [comment.id, comment.isPrivate]),
  };
}

describe('the file store journal of attachment flags and comment privacy', () => {
  it('replays to the same state after a crash', async () => {
    const path = join(await tempDir(), 'data.json');
    const { store } = await openFileStore(path, { create: bugzilla52ExtendedSnapshot });
    const [id] = await addAttachments(store, {
      who: 5,
      time: T0,
      attachments: [
        {
          bugId: 1,
          fileName: 'fix.diff',
          description: 'Fix',
          contentType: 'text/plain',
          isPatch: true,
          isPrivate: false,
          bytes: Buffer.from('+x\n'),
          comment: '',
          flags: await planner(store, 5, [{ name: 'approval', status: '?' }]),
        },
      ],
    });
    const attachmentId = id as number;
    const flagId = (await store.attachmentById(attachmentId))?.flags[0]?.id;
    // Two changes of one flag at once: the second is planned again against the first's result.
    await Promise.all([
      updateAttachments(store, {
        who: 1,
        time: T0 + 1,
        updates: [
          { id: attachmentId, set: {}, comment: '', flags: await planner(store, 1, [{ id: flagId, status: '+' }]) },
        ],
      }),
      updateAttachments(store, {
        who: 1,
        time: T0 + 2,
        updates: [
          {
            id: attachmentId,
            set: { description: 'Fix v2' },
            comment: 'Granted',
            flags: await planner(store, 1, [{ id: flagId, status: '-' }]),
          },
        ],
      }),
    ]);
    const [first] = await store.commentsOf(1);
    await updateBugs(store, 5, [1], { comment_is_private: { [(first as { id: number }).id]: true } }, T0 + 3);
    const before = await state(store, attachmentId);
    expect(before.flags).toMatchObject([{ id: flagId, name: 'approval', status: '-', setter: 'admin@example.com' }]);
    expect(before.history.flatMap((set) => set.changes).filter((c) => c.field_name === 'flagtypes.name')).toEqual([
      { field_name: 'flagtypes.name', removed: '', added: 'approval?', attachment_id: attachmentId },
      { field_name: 'flagtypes.name', removed: 'approval?', added: 'approval+', attachment_id: attachmentId },
      { field_name: 'flagtypes.name', removed: 'approval+', added: 'approval-', attachment_id: attachmentId },
    ]);
    await writeFile(`${path}.lock`, '999999999\n');
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBeGreaterThanOrEqual(4);
    expect(await state(reopened.store, attachmentId)).toEqual(before);
    await reopened.store.close();
  });
});
