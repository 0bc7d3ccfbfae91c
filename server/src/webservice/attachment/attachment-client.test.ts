import { BugzillaApiError, createClient } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveStoreInProcess } from '../../../testing/in-process-server.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';

let server: InProcessServer;
beforeAll(async () => {
  server = await serveStoreInProcess(createMemoryStore(bugzilla52ExtendedSnapshot()));
});
afterAll(() => server.stop());

describe("the typed client's attachments and comment tags", () => {
  it('attaches bytes to two bugs, reads them back, and changes one', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: BUGZILLA_52_KEYS.user });
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const { ids } = await client.attachments.add([1, 5], {
      data: bytes,
      fileName: 'b.bin',
      summary: 'Bytes',
      contentType: 'application/octet-stream',
      comment: 'Two bugs',
    });
    expect(ids).toHaveLength(2);
    const [first, second] = ids as [number, number];
    const read = await client.attachments.get([first, second]);
    expect(read.attachments[String(first)]).toMatchObject({ bug_id: 1, size: 5, data: 'AAEC+v8=', is_patch: 0 });
    const listed = await client.attachments.ofBug(5, { excludeFields: ['data'] });
    expect(listed.bugs['5']?.map((a) => a.id)).toEqual([second]);
    expect(listed.bugs['5']?.[0]).not.toHaveProperty('data');
    const changed = await client.attachments.update(first, { isObsolete: true, summary: 'Bytes, old' });
    expect(changed.attachments[0]?.changes).toEqual({
      is_obsolete: { removed: '0', added: '1' },
      summary: { removed: 'Bytes', added: 'Bytes, old' },
    });
  });

  it('refuses what 5.2 refuses, as a BugzillaApiError with its code', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: BUGZILLA_52_KEYS.user });
    const empty = client.attachments.add(1, { data: '', fileName: 'e', summary: 'e', contentType: 'text/plain' });
    await expect(empty).rejects.toMatchObject({ code: 606 });
    await expect(client.attachments.get(2)).rejects.toBeInstanceOf(BugzillaApiError);
  });

  it('tags a comment and finds the tag', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: BUGZILLA_52_KEYS.dev });
    expect(await client.commentTags.update(8, { add: ['client-tag', 'Other'] })).toEqual(['client-tag', 'Other']);
    expect(await client.commentTags.search('client')).toEqual(['client-tag']);
    expect(await client.commentTags.update(8, { remove: ['OTHER'] })).toEqual(['client-tag']);
  });

  it('reads an answer under the bugzilla-5.1 profile, whose attachment booleans are true/false (as 5.1 answers)', async () => {
    const on51 = await serveStoreInProcess(createMemoryStore(bugzilla52ExtendedSnapshot()), {
      profile: 'bugzilla-5.1',
    });
    try {
      const client = createClient({ baseUrl: on51.url, apiKey: BUGZILLA_52_KEYS.user });
      const { ids } = await client.attachments.add(1, {
        data: 'patch',
        fileName: 'fix.patch',
        summary: 'Fix',
        contentType: 'text/plain',
        isPatch: true,
      });
      const read = await client.attachments.get(ids, { includeFields: ['id', 'is_patch', 'is_obsolete'] });
      expect(read.attachments[String(ids[0])]).toEqual({ id: ids[0], is_patch: true, is_obsolete: false });
    } finally {
      await on51.stop();
    }
  });
});
