import { expect, it } from 'vitest';
import { planAttachmentFlags } from '../../src/bugzilla/attachment/attachment-flags.js';
import { planCreate } from '../../src/bugzilla/bug/create-plan.js';
import { planUpdate } from '../../src/bugzilla/bug/update-plan.js';
import { seeAlsoAliases } from '../../src/bugzilla/bug-url/see-also-change.js';
import { createFlagType, updateFlagTypes } from '../../src/bugzilla/flag/flag-type-writes.js';
import { mergedHistory } from '../../src/bugzilla/history/merged-history.js';
import type { Store } from '../../src/bugzilla/store/store.js';
import type { User } from '../../src/bugzilla/types.js';
import { addAttachments } from '../attachment-writes.js';
import { attachmentFlagsOf } from '../every-bug.js';
import { owned } from '../owned.js';

const DEV = 5; // dev@example.com, an insider
const T0 = Date.parse('2026-11-27T11:00:00Z') / 1000;

/** Bug.update of `bugIds` by `actorId`, planned by the store against its current rows. */
export async function updateBugs(
  store: Store,
  actorId: number,
  bugIds: number[],
  params: Record<string, unknown>,
  when: number,
) {
  const actor = (await store.userById(actorId)) as User;
  return owned(store).writeBugs({
    bugIds,
    aliases: seeAlsoAliases(params.see_also),
    logins: [],
    when,
    plan: (view) =>
      planUpdate(
        {
          actor,
          when,
          bugIds,
          params,
          catalogue: store.catalogue,
          parameters: store.instance.parameters,
          visits: new Map(),
          urlbase: 'http://bz.test/',
        },
        view,
      ),
  });
}

/** Bug.create of `params` by `actorId`, planned by the store against its current rows. */
async function createBug(store: Store, actorId: number, params: Record<string, unknown>, when: number) {
  const actor = (await store.userById(actorId)) as User;
  const { catalogue } = store;
  const parameters = store.instance.parameters;
  return owned(store).writeBugs({
    bugIds: [],
    aliases: [],
    logins: [],
    when,
    plan: (view) => planCreate({ actor, when, params, catalogue, parameters, urlbase: 'http://bz.test/' }, view),
  });
}

/**
 * Bug writes every store keeps alike beyond fields (run by store-contract.test.ts on each store
 * that owns its data): flags cleared by a move, existing comments made private, with their history rows.
 */
export function bugWriteContract(store: () => Store, readOnly: boolean): void {
  moveContract(store, readOnly);
  seeAlsoContract(store, readOnly);
  it('makes an existing comment private and public again, each with its longdescs.isprivate row', async () => {
    if (readOnly) return;
    const [first] = await store().commentsOf(4);
    const id = (first as NonNullable<typeof first>).id;
    const answer = await updateBugs(store(), DEV, [4], { comment_is_private: { [id]: true } }, T0);
    expect(answer.bugs[0]).toMatchObject({ id: 4, changes: {}, last_change_time: T0 });
    expect((await store().commentById(id))?.isPrivate).toBe(true);
    expect((await store().commentsOf(4))[0]?.isPrivate).toBe(true);
    expect((await store().historyOf(4)).at(-1)).toEqual({
      who: DEV,
      when: T0,
      changes: [{ field_name: 'longdescs.isprivate', removed: '0', added: '1', comment_id: id }],
    });
    await expect(
      updateBugs(store(), DEV, [4], { comment_is_private: { [id]: false, 999999: true } }, T0 + 1),
    ).rejects.toThrow('comment id 999999');
    expect((await store().commentById(id))?.isPrivate).toBe(true);
    await updateBugs(store(), DEV, [4], { comment_is_private: { [id]: false } }, T0 + 2);
    expect((await store().commentById(id))?.isPrivate).toBe(false);
    expect((await store().historyOf(4)).at(-1)?.changes[0]).toMatchObject({ removed: '1', added: '0' });
  });
  it('files a bug as 5.2 maps what Bug.create is sent: creator ignored, its own names taken, the rest refused (qa-causes #1-#4, #87-#93)', async () => {
    if (readOnly) return;
    const base = {
      product: 'Widgets',
      component: 'Backend',
      version: '1.0',
      summary: 'Filed',
      op_sys: 'All',
      platform: 'All',
    };
    const { id } = await createBug(
      store(),
      DEV,
      { ...base, creator: 'user@example.com', is_cc_accessible: false },
      T0 + 40,
    );
    const bug = await store().bugById(id);
    expect(bug).toMatchObject({ reporter: DEV, cclistAccessible: false });
    const { id: second } = await createBug(store(), DEV, { ...base, priority: null, short_desc: 'ignored' }, T0 + 41);
    expect((await store().bugById(second))?.fields.summary).toBe('Filed');
    for (const [params, code, message] of [
      [{ ...base, priority: '' }, 50, 'You must select/enter a Priority.'],
      [{ ...base, severity: '' }, 50, 'You must select/enter a Severity.'],
      [{ ...base, product: 'NoSuchProduct' }, 106, 'Sorry, either the product NoSuchProduct does not exist'],
      [
        { ...base, is_markdown: true },
        53,
        'is_markdown is not a valid parameter for the Bugzilla::Bug::create function.',
      ],
      [{ ...base, estimated_time: -1 }, 55, "The value '-1' in the Orig. Est. field is less than the minimum"],
    ] as const) {
      await expect(createBug(store(), DEV, params, T0 + 42), JSON.stringify(params)).rejects.toMatchObject({
        code,
        message: expect.stringContaining(message),
      });
    }
  });
  it("refuses what 5.2's set_all refuses, with its codes and texts, and changes nothing (qa-causes #94-#126)", async () => {
    if (readOnly) return;
    const before = await store().bugById(5);
    const refused: Array<[Record<string, unknown>, number, string]> = [
      [{ status: '' }, 50, 'You must select/enter a status.'],
      [{ status: null }, 50, 'You must select/enter a status.'],
      [{ assigned_to: '' }, 50, 'To reassign a bug, you must provide an address for the new assignee.'],
      [{ component: '' }, 105, 'To file this bug, you must first choose a component. If necessary, just guess.'],
      [{ op_sys: '' }, 50, 'You must select/enter a OS.'],
      [{ priority: '' }, 50, 'You must select/enter a Priority.'],
      [{ version: '' }, 50, 'You must select/enter a version.'],
      [{ product: '' }, 50, 'You must select/enter a product.'],
      [{ dupe_of: null }, 50, 'Form field dup_id was not defined.'],
      [{ status: 'RESOLVED', resolution: 'DUPLICATE', dupe_of: null }, 119, 'You must specify a bug id'],
      [
        { product: 'NoSuchProduct12345' },
        106,
        "Sorry, either the product NoSuchProduct12345 does not exist or you aren't authorized to enter a bug into it.",
      ],
      [
        { estimated_time: -1 },
        55,
        "The value '-1' in the Orig. Est. field is less than the minimum allowable value of '0'.",
      ],
      [
        { remaining_time: 100000000 },
        54,
        "The value '100000000' in the Hours Left field is more than the maximum allowable value of '99999.99'.",
      ],
      [{ deadline: '2026-02-30' }, 56, "'2026-02-30' is not a legal date. Please use the format 'YYYY-MM-DD'."],
    ];
    for (const [params, code, message] of refused) {
      const answer = updateBugs(store(), DEV, [5], params, T0 + 30);
      await expect(answer, JSON.stringify(params)).rejects.toMatchObject({
        code,
        message: expect.stringContaining(message),
      });
    }
    expect(await store().bugById(5)).toEqual(before);
    const none = await updateBugs(store(), DEV, [5], { see_also: { add: [null, ''] } }, T0 + 31);
    expect(none.bugs[0]?.changes).toEqual({});
    const kept = await updateBugs(store(), DEV, [5], { estimated_time: '1.005' }, T0 + 32);
    expect(kept.bugs[0]?.changes.estimated_time).toEqual({ removed: '0.00', added: '1.005' });
    expect((await store().bugById(5))?.fields.estimated_time).toBe(1.01);
    await updateBugs(store(), DEV, [5], { estimated_time: 0 }, T0 + 33);
  });
  it('lets only who may edit a bug remove others from its CC (cc_remove_denied), anyone remove themselves', async () => {
    if (readOnly) return;
    const { user: outsider } = await owned(store()).addUser({ login: 'cc-outsider@example.com' });
    const before = (await store().bugById(2))?.cc ?? [];
    expect(before).toContain(2);
    await expect(
      updateBugs(store(), outsider.id, [2], { cc: { remove: ['user@example.com'] } }, T0 + 20),
    ).rejects.toThrow('You do not have permission to remove other people from the CC list.');
    expect((await store().bugById(2))?.cc).toEqual(before);
    await updateBugs(store(), outsider.id, [2], { cc: { add: ['cc-outsider@example.com'] } }, T0 + 21);
    await updateBugs(store(), outsider.id, [2], { cc: { remove: ['cc-outsider@example.com'] } }, T0 + 22);
    expect((await store().bugById(2))?.cc).toEqual(before);
    await updateBugs(store(), DEV, [2], { cc: { remove: ['user@example.com'] } }, T0 + 23);
    expect((await store().bugById(2))?.cc).not.toContain(2);
    await updateBugs(store(), DEV, [2], { cc: { add: ['user@example.com'] } }, T0 + 24);
  });
  it('keeps a change longer than an activity row in several rows, as 5.2 does, and Bug.history joins them', async () => {
    if (readOnly) return;
    const urls = Array.from({ length: 12 }, (_, i) => `https://issues.example.org/browse/PROJ-${1000 + i}`);
    await updateBugs(store(), DEV, [4], { see_also: { add: urls } }, T0 + 10);
    const last = (await store().historyOf(4)).at(-1);
    const rows = last?.changes.filter((change) => change.field_name === 'see_also') ?? [];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.added.length).toBeLessThanOrEqual(254);
    expect(mergedHistory(last ? [last] : [])[0]?.changes).toContainEqual({
      field_name: 'see_also',
      removed: '',
      added: urls.join(', '),
    });
  });
  it('gives a plan the rows it asks for one at a time, however many a write names', async () => {
    if (readOnly) return;
    const existing = (await Promise.all(Array.from({ length: 120 }, (_, i) => store().bugById(i + 1)))).filter(Boolean);
    const found = await owned(store()).writeBugs({
      bugIds: [],
      aliases: [],
      logins: [],
      when: T0,
      plan(view) {
        const ids: number[] = [];
        for (let id = 1; id <= 120; id++) {
          const bug = view.bug(id);
          view.attachments(id);
          view.user(id);
          if (bug) ids.push(bug.id);
        }
        for (let i = 0; i < 60; i++) view.newAttachmentId();
        return { effect: { bugs: [], history: [], comments: [], visits: [] }, result: ids };
      },
    });
    expect(found).toEqual(existing.map((bug) => bug?.id));
  });
}

/** Bug 8 (Widgets/Backend) has review+; review is then excluded from Widgets/Frontend, and the bug moved there. */
function moveContract(store: () => Store, readOnly: boolean): void {
  it('clears the flags whose type does not apply where a bug moves, with their history row', async () => {
    if (readOnly) return;
    await owned(store()).changeCatalogue(updateFlagTypes([], ['review'], { exclusions: [{ Widgets: ['Frontend'] }] }));
    const before = (await store().bugById(8))?.fields.flags ?? [];
    expect(before.map((flag) => flag.name)).toContain('review');
    const answer = await updateBugs(store(), 1, [8], { component: 'Frontend' }, T0 + 10);
    expect(answer.bugs[0]?.changes['flagtypes.name']).toMatchObject({ removed: expect.stringContaining('review+') });
    const after = (await store().bugById(8))?.fields.flags ?? [];
    expect(after).toEqual(before.filter((flag) => flag.name !== 'review'));
    expect((await store().historyOf(8)).at(-1)?.changes).toContainEqual(
      expect.objectContaining({ field_name: 'flagtypes.name', added: '' }),
    );
    await owned(store()).changeCatalogue(updateFlagTypes([], ['review'], { exclusions: [] }));
  });

  it("clears its attachments' flags whose type does not apply where a bug moves, in the bug's flagtypes.name row", async () => {
    if (readOnly) return;
    const component = (await store().bugById(8))?.fields.component === 'Frontend' ? 'Backend' : 'Frontend';
    await owned(store()).changeCatalogue(
      createFlagType({ name: 'signoff', targetType: 'attachment', exclusions: [{ Widgets: [component] }] }),
    );
    const dev = (await store().userById(DEV)) as User;
    const setting = {
      catalogue: store().catalogue,
      parameters: store().instance.parameters,
      actor: dev,
      userByLogin: () => undefined,
      now: '2026-11-27T11:00:20Z',
    };
    const [id] = await addAttachments(store(), {
      who: DEV,
      time: T0 + 20,
      attachments: [
        {
          bugId: 8,
          description: 'Signed',
          fileName: 's.txt',
          contentType: 'text/plain',
          isPatch: false,
          isPrivate: false,
          bytes: Buffer.from('s'),
          comment: '',
          flags: (attachment, bug) => planAttachmentFlags([{ name: 'signoff', status: '?' }], attachment, bug, setting),
        },
      ],
    });
    const attachmentId = id as number;
    expect((await store().attachmentById(attachmentId))?.flags.map((flag) => flag.name)).toEqual(['signoff']);
    const answer = await updateBugs(store(), 1, [8], { component }, T0 + 30);
    expect(answer.bugs[0]?.changes['flagtypes.name']).toEqual({ removed: 'signoff?', added: '' });
    expect((await store().attachmentById(attachmentId))?.flags).toEqual([]);
    expect((await store().attachmentsOf(8)).find((attachment) => attachment.id === attachmentId)?.flags).toEqual([]);
    expect(await attachmentFlagsOf(store(), 8)).toEqual([]);
    // 5.2 logs it on the bug (no attachment named), beside the move.
    expect((await store().historyOf(8)).at(-1)?.changes).toContainEqual({
      field_name: 'flagtypes.name',
      removed: 'signoff?',
      added: '',
    });
  });
}

/** See Also keeps each value's class; a local bug's link is mirrored on that bug, and removed with it. */
function seeAlsoContract(store: () => Store, readOnly: boolean): void {
  it("keeps See Also's class of each value, and mirrors a local bug's link on that bug", async () => {
    if (readOnly) return;
    const local = 'http://bz.test/show_bug.cgi?id=2';
    const answer = await updateBugs(
      store(),
      1,
      [1],
      { see_also: { add: ['http://github.com/o/r/issues/9', local] } },
      T0 + 40,
    );
    expect(answer.bugs[0]?.changes.see_also).toEqual({
      removed: '',
      added: `https://github.com/o/r/issues/9, ${local}`,
    });
    expect((await store().bugById(1))?.fields.see_also_class).toMatchObject({
      'https://github.com/o/r/issues/9': 'Bugzilla::BugUrl::GitHub',
      [local]: 'Bugzilla::BugUrl::Bugzilla::Local',
    });
    const other = await store().bugById(2);
    expect(other?.fields.see_also).toContain('http://bz.test/show_bug.cgi?id=1');
    expect(other?.fields.see_also_class?.['http://bz.test/show_bug.cgi?id=1']).toBe(
      'Bugzilla::BugUrl::Bugzilla::Local',
    );
    expect(other?.fields.last_change_time).toBe(T0 + 40);
    expect((await store().historyOf(2)).at(-1)?.changes).toEqual([
      { field_name: 'see_also', removed: '', added: 'http://bz.test/show_bug.cgi?id=1' },
    ]);
    await updateBugs(store(), 1, [1], { see_also: { remove: [local] } }, T0 + 41);
    expect((await store().bugById(2))?.fields.see_also).not.toContain('http://bz.test/show_bug.cgi?id=1');
    await expect(updateBugs(store(), 1, [1], { see_also: { add: ['1'] } }, T0 + 42)).rejects.toThrow(
      'You cannot put this bug into its own See Also field.',
    );
    await expect(
      updateBugs(store(), 1, [1], { see_also: { add: ['https://example.com/issues/9'] } }, T0 + 42),
    ).rejects.toMatchObject({ code: 112 });
  });
  it("removes the reverse of a local See Also link added by the other bug's alias, as 5.2's ref_bug_url", async () => {
    if (readOnly) return;
    await updateBugs(store(), 1, [6], { alias: 'seealsosix' }, T0 + 50);
    await updateBugs(store(), 1, [5], { see_also: { add: ['seealsosix'] } }, T0 + 51);
    const byAlias = 'http://bz.test/show_bug.cgi?id=seealsosix';
    expect((await store().bugById(5))?.fields.see_also).toContain(byAlias);
    expect((await store().bugById(6))?.fields.see_also).toContain('http://bz.test/show_bug.cgi?id=5');
    // 5.2 compares the text given with the stored URL: a bare id or alias removes nothing, on either bug.
    for (const given of ['seealsosix', '6']) {
      const answer = await updateBugs(store(), 1, [5], { see_also: { remove: [given] } }, T0 + 52);
      expect(answer.bugs[0]?.changes, given).toEqual({});
    }
    expect((await store().bugById(6))?.fields.see_also).toContain('http://bz.test/show_bug.cgi?id=5');
    await updateBugs(store(), 1, [5], { see_also: { remove: [byAlias.toUpperCase()] } }, T0 + 53);
    expect((await store().bugById(5))?.fields.see_also).not.toContain(byAlias);
    expect((await store().bugById(6))?.fields.see_also).not.toContain('http://bz.test/show_bug.cgi?id=5');
    expect((await store().historyOf(6)).at(-1)).toMatchObject({
      when: T0 + 53,
      changes: [{ field_name: 'see_also', removed: 'http://bz.test/show_bug.cgi?id=5', added: '' }],
    });
  });
}
