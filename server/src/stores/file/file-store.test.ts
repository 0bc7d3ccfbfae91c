import { appendFile, chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { addAttachments } from '../../../testing/attachment-writes.js';
import { tempDir } from '../../../testing/cli-server.js';
import { readDataFile } from '../../../testing/data-file.js';
import { owned } from '../../../testing/owned.js';
import { emptySnapshot } from '../../bugzilla/store/snapshot.js';
import type { SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { defaultInstance } from '../default-instance.js';
import { foldingJournalPathFor, journalPathFor } from './data-file.js';
import { openFileStore } from './file-store.js';
import { RecordFile } from './record-file.js';
import { replaceFileStore } from './replace-file-store.js';

const fixture = () =>
  snapshotFromFixture({
    users: [{ login: 'a@example.com', api_keys: ['key-a'] }],
    bugs: [{ id: 1 }, { id: 2 }, { id: 3 }],
  });

async function freshStore(options: { compactAfterBytes?: number } = {}) {
  const dir = await tempDir();
  const path = join(dir, 'data.json');
  const opened = await openFileStore(path, { create: fixture, ...options });
  return { dir, path, ...opened };
}

/**
 * An add_attachments journal line as the version before attachments were bug writes wrote it (ids given
 * when applied): one attachment "log.txt" on bug 2 by user 1 at time 5, with its comment.
 */
function legacyAddAttachmentLine(n: number): string {
  const attachment = {
    bug_id: 2,
    file_name: 'log.txt',
    description: 'A log',
    content_type: 'text/plain',
    size: 3,
    creator_id: 1,
    creation_time: 5,
    is_patch: false,
    is_obsolete: false,
    is_private: false,
    flags: [],
    data_sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    comment: { text: 'Here it is.' },
  };
  return `${JSON.stringify({ n, op: 'add_attachments', who: 1, time: 5, attachments: [attachment], visits: [] })}\n`;
}

describe('file store', () => {
  it('creates the data file once and reopens it', async () => {
    const { path, store, created } = await freshStore();
    expect(created).toBe(true);
    await store.close();
    const again = await openFileStore(path, { create: () => emptySnapshot(defaultInstance()) });
    expect(again.created).toBe(false);
    expect((await again.store.findApiKey('key-a'))?.user.login).toBe('a@example.com');
    await again.store.close();
  });

  it('keeps acknowledged writes in the journal and replays them after a crash', async () => {
    const { path, store } = await freshStore();
    await Promise.all([store.recordVisits(1, [1], 100), store.recordVisits(1, [2, 3], 200)]);
    // No close(): as after kill -9, only the journal has the changes. Drop the lock as a dead process would.
    const lock = `${path}.lock`;
    await writeFile(lock, '999999999\n');
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBe(2);
    expect(reopened.store.lastVisit(1, 3)).toBe(200);
    expect((await reopened.store.recentVisits(1)).map((v) => v.bugId)).toEqual([3, 2, 1]);
    await reopened.store.close();
  });

  it('drops a torn last line (a write cut off before it was acknowledged)', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1], 100);
    await writeFile(`${path}.lock`, '999999999\n');
    await appendFile(journalPathFor(path), '{"n":2,"op":"visit","user":1,"bu');
    const reopened = await openFileStore(path);
    expect(reopened.store.lastVisit(1, 1)).toBe(100);
    expect(reopened.store.lastVisit(1, 2)).toBeUndefined();
    await reopened.store.recordVisits(1, [2], 300);
    await reopened.store.close();
    const third = await openFileStore(path);
    expect(third.store.lastVisit(1, 2)).toBe(300);
    await third.store.close();
  });

  it('sets a full journal aside, folds it into the lowdb snapshot beside the writes, and removes it', async () => {
    const { path, store, foldSettled } = await freshStore({ compactAfterBytes: 200 });
    for (let i = 0; i < 10; i++) await store.recordVisits(1, [1 + (i % 3)], 1000 + i);
    await foldSettled();
    await expect(stat(foldingJournalPathFor(path))).rejects.toMatchObject({ code: 'ENOENT' });
    const snapshot = await readDataFile(path);
    expect(snapshot.journal_position).toBeGreaterThan(0);
    expect(snapshot.last_visits.length).toBeGreaterThan(0);
    await store.close();
    expect((await stat(journalPathFor(path))).size).toBe(0);
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBe(0);
    expect(reopened.store.lastVisit(1, 1)).toBe(1009);
    await reopened.store.close();
  });

  it('skips journal entries the snapshot already holds (crash between compaction and truncation)', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1], 100);
    await store.recordVisits(1, [1], 200);
    const journal = await readFile(journalPathFor(path), 'utf8');
    await store.close(); // compacts: snapshot at position 2, journal empty
    await writeFile(journalPathFor(path), journal); // as if truncation never happened
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBe(0);
    expect(reopened.store.lastVisit(1, 1)).toBe(200);
    await reopened.store.close();
  });

  it('keeps every change in the journal when the snapshot cannot be written, and folds it in later', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    const failing = { now: false };
    const errors: string[] = [];
    const snapshotFile = (dataPath: string) => {
      const file = new RecordFile(dataPath);
      return {
        read: () => file.read(),
        write: (stream: SnapshotStream) =>
          failing.now ? Promise.reject(new Error('EIO: snapshot write failed')) : file.write(stream),
      };
    };
    const { store } = await openFileStore(path, {
      create: fixture,
      compactAfterBytes: 100,
      snapshotFile,
      onError: (message) => errors.push(message),
    });
    failing.now = true;
    for (let i = 0; i < 5; i++) await store.recordVisits(1, [1], 500 + i);
    // The fold runs beside the writes (it is not awaited by them): its failure is reported when it ends.
    await vi.waitFor(() => expect(errors[0]).toMatch(/compaction failed/));
    expect((await readDataFile(path)).journal_position).toBe(0);
    failing.now = false;
    await store.close();
    expect((await stat(journalPathFor(path))).size).toBe(0);
    const reopened = await openFileStore(path);
    expect(reopened.store.lastVisit(1, 1)).toBe(504);
    await reopened.store.close();
  });

  it('refuses a corrupt data file without touching it', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    await writeFile(path, '{"format": "bz-companion-store", "truncat');
    await expect(openFileStore(path, { create: fixture })).rejects.toThrow(
      /data file .* cannot be used: it is not valid JSON/,
    );
    expect(await readFile(path, 'utf8')).toBe('{"format": "bz-companion-store", "truncat');
    await writeFile(path, '{"some": "other json"}');
    await expect(openFileStore(path)).rejects.toThrow(/not a bz-companion-store data file/);
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('refuses a journal with a corrupt line in the middle', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1], 100);
    await writeFile(`${path}.lock`, '999999999\n');
    await writeFile(journalPathFor(path), 'garbage\n{"n":1,"op":"visit","user":1,"bugs":[1],"ts":5}\n');
    await expect(openFileStore(path)).rejects.toThrow(/journal .* line 1 is not valid JSON/);
  });

  it('refuses a journal entry of a kind it does not know rather than losing it', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1], 100);
    await writeFile(`${path}.lock`, '999999999\n');
    await writeFile(journalPathFor(path), '{"n":1,"op":"from_a_newer_version","who":1}\n');
    await expect(openFileStore(path)).rejects.toThrow(/an entry this version does not know: from_a_newer_version/);
  });

  it('replays the attachment entries an older version journaled: the attachment, its change, comments and history', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1], 100);
    await writeFile(`${path}.lock`, '999999999\n');
    await writeFile(
      journalPathFor(path),
      legacyAddAttachmentLine(1) +
        `${JSON.stringify({
          n: 2,
          op: 'update_attachments',
          who: 1,
          time: 9,
          updates: [{ id: 1, set: { isobsolete: true }, comment: 'Outdated.' }],
          visits: [{ bug_id: 2, author_visit: true, forget_visits: [] }],
        })}\n`,
    );
    const reopened = (await openFileStore(path)).store;
    expect(await reopened.attachmentById(1)).toMatchObject({ bugId: 2, fileName: 'log.txt', isObsolete: true });
    const comments = await reopened.commentsOf(2);
    expect(comments.map((comment) => [comment.text, comment.time])).toEqual([
      ['Here it is.', 5],
      ['Outdated.', 9],
    ]);
    expect((await reopened.historyOf(2)).flatMap((set) => set.changes.map((change) => change.field_name))).toEqual([
      'attachments.isobsolete',
    ]);
    expect(await reopened.lastVisit(1, 2)).toBe(9);
    await reopened.close();
  });

  it('replays a stale attachment update of an older version as it was applied then: not at all, visits included', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1], 100);
    await writeFile(`${path}.lock`, '999999999\n');
    // Planned when the attachment had a flag it no longer has: the older version skipped the whole entry.
    const expected = [{ id: 7, type_id: 1, name: 'review', status: '?', setter_id: 1, requestee_id: null }];
    await writeFile(
      journalPathFor(path),
      '{"n":1,"op":"visit","user":2,"bugs":[2],"ts":100}\n' +
        legacyAddAttachmentLine(2) +
        `${JSON.stringify({
          n: 3,
          op: 'update_attachments',
          who: 1,
          time: 9,
          updates: [
            {
              id: 1,
              set: { isobsolete: true },
              comment: 'Outdated.',
              flags: { expect: expected, flags: [], cc_add: [] },
            },
          ],
          visits: [{ bug_id: 2, author_visit: true, forget_visits: [2] }],
        })}\n`,
    );
    const reopened = (await openFileStore(path)).store;
    expect(await reopened.attachmentById(1)).toMatchObject({ isObsolete: false });
    expect(await reopened.lastVisit(1, 2)).toBeUndefined();
    expect(await reopened.lastVisit(2, 2)).toBe(100);
    await reopened.close();
  });

  it('removes temp files left by a crash', async () => {
    const { dir, path, store } = await freshStore();
    await store.close();
    await writeFile(join(dir, '.data.json.12345.abcdef.tmp'), 'half a snapshot');
    const reopened = await openFileStore(path);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await reopened.store.close();
  });

  it('lets only one process hold a data file', async () => {
    const { path, store } = await freshStore();
    await writeFile(`${path}.lock`, `${process.ppid}\n`); // a live process that is not us
    await expect(openFileStore(path)).rejects.toThrow(/in use by another bz-companion process/);
    await writeFile(`${path}.lock`, `${process.pid}\n`);
    await store.close();
  });
});

describe('user add through the journal', () => {
  it('gives concurrent additions distinct ids, and one login to one of them only', async () => {
    const { path, store } = await freshStore();
    const [b, c] = await Promise.all([
      owned(store).addUser({ login: 'b@example.com' }),
      owned(store).addUser({ login: 'c@example.com' }),
    ]);
    expect([b.user.id, c.user.id].sort()).toEqual([2, 3]);
    expect((await store.findApiKey(b.apiKey))?.user.login).toBe('b@example.com');
    expect((await store.findApiKey(c.apiKey))?.user.login).toBe('c@example.com');
    const twice = await Promise.allSettled([
      owned(store).addUser({ login: 'd@example.com' }),
      owned(store).addUser({ login: 'D@example.com' }),
    ]);
    expect(twice.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect(twice[1]).toMatchObject({ reason: { name: 'NewUserError', message: 'user D@example.com already exists' } });
    await store.close();
    const reopened = await openFileStore(path);
    expect((await reopened.store.findApiKey(c.apiKey))?.user.id).toBe(c.user.id);
    await reopened.store.close();
  });

  it('restores a new user and the groups it brought after a crash', async () => {
    const { path, store } = await freshStore();
    const { apiKey } = await owned(store).addUser({ login: 'new@example.com', groups: ['brand-new'] });
    await writeFile(`${path}.lock`, '999999999\n'); // no close(): as after kill -9
    const reopened = await openFileStore(path);
    expect((await reopened.store.findApiKey(apiKey))?.user.groups).toEqual(['brand-new']);
    await reopened.store.close();
    const snapshot = await readDataFile(path);
    expect(snapshot.groups).toContain('brand-new');
  });
});

describe('replacing everything (admin reset) through the journal', () => {
  it('replays a replacement and the writes after it after a crash, and keeps nothing of the old content', async () => {
    const { path, store } = await freshStore();
    await store.recordVisits(1, [1, 2], 100);
    const other = snapshotFromFixture({ users: [{ login: 'b@example.com', api_keys: ['key-b'] }], bugs: [{ id: 9 }] });
    await owned(store).replaceAll(other);
    await store.recordVisits(1, [9], 300);
    const expected = owned(store).snapshot();
    await writeFile(`${path}.lock`, '999999999\n'); // no close(): as after kill -9
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBe(3);
    expect(owned(reopened.store).snapshot()).toEqual(expected);
    expect(reopened.store.findApiKey('key-a')).toBeUndefined();
    expect(reopened.store.lastVisit(1, 1)).toBeUndefined();
    expect((await reopened.store.findApiKey('key-b'))?.user.login).toBe('b@example.com');
    expect(reopened.store.recentVisits(1)).toEqual([{ bugId: 9, lastVisitTs: 300 }]);
    await reopened.store.close();
  });
});

describe('file permissions', () => {
  it('keeps the data file and its journal readable by the owner only, an old world-readable journal too', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    await writeFile(`${path}.journal`, '', { mode: 0o644 });
    const opened = await openFileStore(path, { create: fixture });
    try {
      await opened.store.recordVisits(1, [1], 100);
      const mode = async (file: string) => (await stat(file)).mode & 0o777;
      expect(await mode(path)).toBe(0o600);
      expect(await mode(`${path}.journal`)).toBe(0o600);
    } finally {
      await opened.store.close();
    }
  });

  it('keeps attachment files readable by the owner only (folder 0700, files 0600), an old 0755 folder too', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    await mkdir(`${path}.attachments`);
    await chmod(`${path}.attachments`, 0o755);
    const opened = await openFileStore(path, { create: fixture });
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    try {
      expect(await mode(`${path}.attachments`)).toBe(0o700);
      const attachment = { description: 'd', fileName: 'f.txt', contentType: 'text/plain', isPatch: false };
      await addAttachments(opened.store, {
        who: 1,
        time: 100,
        attachments: [{ ...attachment, isPrivate: false, bytes: Buffer.from('secret'), comment: '', bugId: 1 }],
      });
      const [file] = await readdir(`${path}.attachments`);
      expect(await mode(join(`${path}.attachments`, file as string))).toBe(0o600);
    } finally {
      await opened.store.close();
    }
  });

  it("keeps an import's attachment files the owner's only too, in an old 0755 folder", async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    await mkdir(`${path}.attachments`);
    await chmod(`${path}.attachments`, 0o755);
    const imported = snapshotFromFixture({
      users: [{ login: 'a@example.com' }],
      bugs: [{ id: 1 }],
      attachments: [
        {
          id: 1,
          bug_id: 1,
          file_name: 'f.txt',
          summary: 'd',
          content_type: 'text/plain',
          creator: 'a@example.com',
          creation_time: '2026-01-01T00:00:00Z',
          data: Buffer.from('secret').toString('base64'),
        },
      ],
    });
    await replaceFileStore(path, imported);
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    expect(await mode(`${path}.attachments`)).toBe(0o700);
    const [file] = await readdir(`${path}.attachments`);
    expect(await mode(join(`${path}.attachments`, file as string))).toBe(0o600);
  });

  it('makes a new attachment folder 0700 whatever the umask', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    const opened = await openFileStore(path, { create: fixture });
    try {
      const attachment = { description: 'd', fileName: 'f.txt', contentType: 'text/plain', isPatch: false };
      await addAttachments(opened.store, {
        who: 1,
        time: 100,
        attachments: [{ ...attachment, isPrivate: false, bytes: Buffer.from('x'), comment: '', bugId: 2 }],
      });
      expect((await stat(`${path}.attachments`)).mode & 0o777).toBe(0o700);
    } finally {
      await opened.store.close();
    }
  });
});
