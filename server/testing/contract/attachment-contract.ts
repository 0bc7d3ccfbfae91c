import { expect, it } from 'vitest';
import type { Attachment } from '../../src/bugzilla/attachment/attachment.js';
import { CMT_ATTACHMENT_CREATED } from '../../src/bugzilla/attachment/attachment.js';
import type { AttachmentFlagPlanner } from '../../src/bugzilla/attachment/attachment-write-plan.js';
import { ownedData, ReadOnlyBugzillaError, type Store } from '../../src/bugzilla/store/store.js';
import type { Bug, BugFlag, User } from '../../src/bugzilla/types.js';
import { addAttachments, updateAttachments } from '../attachment-writes.js';
import { attachmentFlagsOf, everyBug } from '../every-bug.js';
import { owned } from '../owned.js';

const USER = 2;
const DEV = 5;
const T0 = Date.parse('2026-11-27T10:00:00Z') / 1000;

function newAttachment(bugId: number, bytes: Buffer, description: string) {
  return {
    bugId,
    fileName: 'f.bin',
    description,
    contentType: 'application/octet-stream',
    isPatch: false,
    isPrivate: false,
    bytes,
    comment: '',
  };
}

/**
 * What every store does with attachments and comment tags (run by store-contract.test.ts on each):
 * bytes back as they went in, the attachment's comment, concurrent changes of one attachment or
 * one comment all kept, with complete history; over a Bugzilla database, reads only.
 */
export function attachmentContract(store: () => Store, readOnly: boolean): void {
  keepsAttachments(store, readOnly);
  keepsConcurrentChanges(store, readOnly);
  keepsConcurrentTags(store, readOnly);
  numbersAttachmentFlags(store, readOnly);
  keepsConcurrentFlagChanges(store, readOnly);
}

/** A planner that adds one flag of type `typeId`, asking `requestee` (what the domain's plan answers, in its shape). */
function addingFlag(typeId: number, requestee?: { id: number; login: string }): AttachmentFlagPlanner {
  return (attachment) => {
    const flag: BugFlag = {
      id: 0,
      name: `type${typeId}`,
      type_id: typeId,
      status: '?',
      setter: 'user@example.com',
      creation_date: '2026-11-27T10:00:00Z',
      modification_date: '2026-11-27T10:00:00Z',
    };
    if (requestee) flag.requestee = requestee.login;
    const summary = `type${typeId}?${requestee ? `(${requestee.login})` : ''}`;
    return {
      flags: [...attachment.flags, flag],
      change: { removed: '', added: summary },
      addCc: requestee ? [requestee.id] : [],
    };
  };
}

function numbersAttachmentFlags(store: () => Store, readOnly: boolean): void {
  it("numbers attachments' flags from the bugs' flag sequence, with their history row and the requestee in CC", async () => {
    if (readOnly) return;
    const highest = Math.max(0, ...(await everyBug(store())).flatMap((bug) => bug.fields.flags.map((flag) => flag.id)));
    const bug = (await store().bugById(4)) as Bug;
    const requestee = (await store().userById(DEV)) as User;
    expect(bug.cc).not.toContain(DEV);
    const [id] = await addAttachments(store(), {
      who: USER,
      time: T0 + 50,
      attachments: [{ ...newAttachment(4, Buffer.from('f'), 'Flagged'), flags: addingFlag(7, requestee) }],
    });
    const attachment = (await store().attachmentById(id as number)) as Attachment;
    expect(attachment.flags.map((flag) => [flag.type_id, flag.status, flag.requestee])).toEqual([
      [7, '?', 'dev@example.com'],
    ]);
    const first = (attachment.flags[0] as BugFlag).id;
    expect(first).toBeGreaterThan(highest);
    expect((await store().bugById(4))?.cc).toContain(DEV);
    const last = (await store().historyOf(4)).at(-1);
    expect(last?.changes).toEqual([
      { field_name: 'flagtypes.name', removed: '', added: 'type7?(dev@example.com)', attachment_id: id },
      { field_name: 'cc', removed: '', added: 'dev@example.com' },
    ]);
    const [result] = await updateAttachments(store(), {
      who: USER,
      time: T0 + 60,
      updates: [{ id: id as number, set: {}, comment: '', flags: addingFlag(8) }],
    });
    expect(result).toMatchObject({
      modificationTime: T0 + 60,
      changes: [{ field: 'flagtypes.name', added: 'type8?' }],
    });
    const flags = (await store().attachmentById(id as number))?.flags ?? [];
    expect(flags.map((flag) => flag.id)).toEqual([first, first + 1]);
    expect(await attachmentFlagsOf(store(), 4)).toEqual(flags);
  });
}

function keepsConcurrentFlagChanges(store: () => Store, readOnly: boolean): void {
  it("keeps every one of concurrent flag changes of one attachment: each is planned against the others' result", async () => {
    if (readOnly) return;
    const [id] = await addAttachments(store(), {
      who: USER,
      time: T0 + 70,
      attachments: [newAttachment(6, Buffer.from('c'), 'Contended')],
    });
    const types = [11, 12, 13, 14];
    await Promise.all(
      types.map((typeId, i) =>
        updateAttachments(store(), {
          who: USER,
          time: T0 + 71 + i,
          updates: [{ id: id as number, set: {}, comment: '', flags: addingFlag(typeId) }],
        }),
      ),
    );
    const flags = (await store().attachmentById(id as number))?.flags ?? [];
    expect(flags.map((flag) => flag.type_id).sort()).toEqual(types);
    expect(new Set(flags.map((flag) => flag.id)).size).toBe(types.length);
    const rows = (await store().historyOf(6)).flatMap((set) => set.changes).filter((c) => c.attachment_id === id);
    expect(rows.map((row) => row.added).sort()).toEqual(types.map((typeId) => `type${typeId}?`));
  });
}

function keepsAttachments(store: () => Store, readOnly: boolean): void {
  it('keeps attachments and comment tags, or refuses to write them over a Bugzilla database', async () => {
    if (readOnly) {
      expect(() => ownedData(store(), 'adding an attachment')).toThrow(ReadOnlyBugzillaError);
      for (const bug of await everyBug(store())) expect(await store().attachmentsOf(bug.id)).toEqual([]);
      expect(await store().attachmentsOf(5)).toEqual([]);
      expect(await store().attachmentById(2 ** 31)).toBeUndefined();
      return;
    }
    const bytes = Buffer.from([0, 1, 127, 128, 255, 0]);
    const [id] = await addAttachments(store(), {
      who: USER,
      time: T0,
      attachments: [newAttachment(5, bytes, 'Bytes')],
    });
    const attachment = await store().attachmentById(id as number);
    expect(attachment).toMatchObject({ bugId: 5, size: 6, description: 'Bytes', creator: USER, creationTime: T0 });
    expect(await store().attachmentData(attachment as NonNullable<typeof attachment>)).toEqual(bytes);
    expect((await store().attachmentsOf(5)).map((a) => a.id)).toContain(id);
    const comment = (await store().commentsOf(5)).at(-1);
    expect(comment).toMatchObject({ type: CMT_ATTACHMENT_CREATED, extraData: String(id), text: '' });
    expect((await store().bugById(5))?.fields.last_change_time).toBe(T0);
  });
}

function keepsConcurrentChanges(store: () => Store, readOnly: boolean): void {
  it('keeps every one of concurrent changes to one attachment, each in the history', async () => {
    if (readOnly) return;
    const [id] = await addAttachments(store(), {
      who: USER,
      time: T0,
      attachments: [newAttachment(9, Buffer.from('x'), 'Start')],
    });
    const sets = [
      { description: 'Renamed' },
      { filename: 'g.txt' },
      { mimetype: 'text/plain' },
      { ispatch: true },
      { isobsolete: true },
    ];
    await Promise.all(
      sets.map((set, i) =>
        updateAttachments(store(), {
          who: USER,
          time: T0 + 1 + i,
          updates: [{ id: id as number, set, comment: '' }],
        }),
      ),
    );
    expect(await store().attachmentById(id as number)).toMatchObject({
      description: 'Renamed',
      fileName: 'g.txt',
      contentType: 'text/plain',
      isPatch: true,
      isObsolete: true,
    });
    const changes = (await store().historyOf(9)).flatMap((set) => set.changes).filter((c) => c.attachment_id === id);
    expect(changes.map((change) => change.field_name).sort()).toEqual([
      'attachments.description',
      'attachments.filename',
      'attachments.isobsolete',
      'attachments.ispatch',
      'attachments.mimetype',
    ]);
  });
}

function keepsConcurrentTags(store: () => Store, readOnly: boolean): void {
  it('keeps both of two concurrent taggings of one comment', async () => {
    if (readOnly) return;
    const [comment] = await store().commentsOf(1);
    const id = (comment as NonNullable<typeof comment>).id;
    await Promise.all([
      owned(store()).updateCommentTags(id, ['first-tag'], []),
      owned(store()).updateCommentTags(id, ['Second-Tag'], []),
    ]);
    expect((await store().commentById(id))?.tags).toEqual(['first-tag', 'Second-Tag']);
    expect(await store().searchCommentTags('tag', 7)).toEqual(['first-tag', 'Second-Tag']);
    expect(await owned(store()).updateCommentTags(id, [], ['FIRST-TAG'])).toEqual(['Second-Tag']);
  });
}
