import { describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { catalogueOfSnapshot } from '../../stores/snapshot-catalogue.js';
import { attachmentOfSnapshot } from '../../stores/snapshot-records.js';
import { Catalogue } from '../catalogue/catalogue.js';
import type { CatalogueData } from '../catalogue/types.js';
import type { Bug, BugFlag, User } from '../types.js';
import type { BugView } from './effect.js';
import { planUpdate } from './update-plan.js';

/*
 * A bug moved to another component keeps the flags whose type applies there and loses the others,
 * as 5.2's update_flags does: on the recorded data set, bug 8 (Widgets/Backend) has review+ and
 * needinfo?(user); review is excluded here from Widgets/Frontend, needinfo applies everywhere.
 */
const snapshot = bugzilla52ExtendedSnapshot();

/** The recorded catalogue with `review` excluded from Widgets/Frontend, and whatever else `change` does there. */
function catalogueWith(change: (data: CatalogueData, frontend: { productId: number; componentId: number }) => void) {
  const data = catalogueOfSnapshot(snapshot);
  const widgets = data.products.find((product) => product.name === 'Widgets');
  const component = widgets?.components.find((candidate) => candidate.name === 'Frontend');
  const frontend = { productId: widgets?.id ?? 0, componentId: component?.id ?? 0 };
  data.flagTypes.find((type) => type.name === 'review')?.exclusions.push(frontend);
  change(data, frontend);
  return Catalogue.from(data);
}
const catalogue = catalogueWith(() => {});
const users = snapshot.users.map(
  (row): User => ({
    id: row.id,
    login: row.login,
    realName: row.real_name ?? '',
    groups: row.groups,
    disabled: false,
    disabledText: null,
    passwordHash: null,
    emailEnabled: true,
    blessGroups: [],
  }),
);
const bug8 = (): Bug => {
  const row = snapshot.bugs.find((bug) => bug.id === 8);
  if (!row?.fields) throw new Error('bug 8 is in the data set');
  return {
    id: 8,
    aliases: [],
    reporter: row.reporter_id,
    assignedTo: row.assigned_to_id,
    qaContact: row.qa_contact_id,
    cc: row.cc_ids,
    groups: row.groups,
    reporterAccessible: true,
    cclistAccessible: true,
    fields: structuredClone(row.fields),
  };
};
const view = (bug: Bug, attachmentFlags?: ReadonlyMap<number, BugFlag[]>): BugView => ({
  bug: (id) => (id === bug.id ? bug : undefined),
  aliasOwner: () => undefined,
  newBugId: () => 100,
  user: (id) => users.find((user) => user.id === id),
  userByLogin: (login) => users.find((user) => user.login === login.toLowerCase()),
  comments: () => [],
  attachments: (bugId) =>
    (snapshot.attachments ?? [])
      .filter((row) => row.bug_id === bugId)
      .map((row) => {
        const flags = attachmentFlags?.get(row.id);
        return attachmentOfSnapshot(flags ? { ...row, flags } : row);
      }),
  newAttachmentId: () => 100,
});
const admin = users.find((user) => user.login === 'admin@example.com') as User;
const WHEN = Date.parse('2026-11-27T12:00:00Z') / 1000;

function move(
  params: Record<string, unknown>,
  withCatalogue = catalogue,
  attachmentFlags?: ReadonlyMap<number, BugFlag[]>,
) {
  const bug = bug8();
  return planUpdate(
    {
      actor: admin,
      when: WHEN,
      bugIds: [8],
      params,
      catalogue: withCatalogue,
      parameters: snapshot.instance.parameters ?? {},
      visits: new Map(),
      urlbase: 'http://bz.test/',
    },
    view(bug, attachmentFlags),
  );
}

describe('flags when a bug moves to another product or component', () => {
  it('clears the flags whose type does not apply there, with one flagtypes.name row', () => {
    const before = bug8().fields.flags.map((flag) => `${flag.name}${flag.status}`);
    expect(before).toContain('review+');
    const { effect, result } = move({ component: 'Frontend' });
    const flags = effect.bugs[0]?.fields.flags.map((flag) => `${flag.name}${flag.status}`);
    expect(flags).toEqual(before.filter((summary) => summary !== 'review+'));
    expect(result.bugs[0]?.changes['flagtypes.name']).toEqual({ removed: 'review+', added: '' });
    expect(effect.history[0]?.set.changes).toContainEqual({
      field_name: 'flagtypes.name',
      removed: 'review+',
      added: '',
    });
  });

  it('keeps every flag whose type applies to the new component, and writes no flag row', () => {
    const { effect, result } = move({ component: 'Backend', summary: 'Renamed' });
    expect(effect.bugs[0]?.fields.flags).toEqual(bug8().fields.flags);
    expect(result.bugs[0]?.changes['flagtypes.name']).toBeUndefined();
  });

  it('counts a flag set in the same write: asked and then cleared by the move, no row is left', () => {
    const { result } = move({ component: 'Frontend', flags: [{ name: 'needinfo', status: '?', new: true }] });
    expect(result.bugs[0]?.changes['flagtypes.name']).toEqual({ removed: 'review+', added: 'needinfo?' });
  });

  it("clears its attachments' flags whose type does not apply there, in the bug's one flagtypes.name row", () => {
    // approval (attachment 1 of bug 8 has approval?) is excluded from Widgets/Frontend too.
    const excluded = catalogueWith((data, frontend) => {
      data.flagTypes.find((type) => type.name === 'approval')?.exclusions.push(frontend);
    });
    const { effect, result } = move({ component: 'Frontend' }, excluded);
    expect(result.bugs[0]?.changes['flagtypes.name']).toEqual({ removed: 'review+, approval?', added: '' });
    expect(effect.attachments?.map(({ attachment }) => [attachment.id, attachment.flags])).toEqual([[1, []]]);
    // The attachment's own row is not touched: 5.2 only deletes the flag.
    expect(effect.attachments?.[0]?.attachment.modificationTime).toBe(
      attachmentOfSnapshot(snapshot.attachments?.[0] as never).modificationTime,
    );
    // Moving where the attachment's flag type applies leaves the attachment alone.
    expect(move({ component: 'Frontend' }).effect.attachments).toEqual([]);
  });

  it('retargets an attachment flag to an active type of the same name that applies there, without a history row', () => {
    const retargeted = catalogueWith((data, frontend) => {
      const approval = data.flagTypes.find((type) => type.name === 'approval');
      if (!approval) throw new Error('approval is a recorded flag type');
      approval.exclusions.push(frontend);
      // Another "approval" for Frontend only, which dev (who asked approval?) may ask for.
      data.flagTypes.push({ ...approval, id: 9, grantGroupId: null, inclusions: [frontend], exclusions: [] });
    });
    const { effect, result } = move({ component: 'Frontend' }, retargeted);
    expect(result.bugs[0]?.changes['flagtypes.name']).toEqual({ removed: 'review+', added: '' });
    expect(effect.attachments?.[0]?.attachment.flags).toMatchObject([{ name: 'approval', status: '?', type_id: 9 }]);
  });

  it('retargets to a type that allows one flag only once: a second flag of the old type is removed, as 5.2 does', () => {
    const single = catalogueWith((data, frontend) => {
      const approval = data.flagTypes.find((type) => type.name === 'approval');
      if (!approval) throw new Error('approval is a recorded flag type');
      approval.isMultiplicable = true;
      approval.exclusions.push(frontend);
      data.flagTypes.push({ ...approval, id: 9, isMultiplicable: false, inclusions: [frontend], exclusions: [] });
    });
    const asked = attachmentOfSnapshot(snapshot.attachments?.[0] as never).flags[0] as BugFlag;
    const twice = [asked, { ...asked, id: asked.id + 100 }];
    const { effect, result } = move({ component: 'Frontend' }, single, new Map([[1, twice]]));
    expect(effect.attachments?.[0]?.attachment.flags).toMatchObject([{ id: asked.id, type_id: 9 }]);
    expect(result.bugs[0]?.changes['flagtypes.name']).toEqual({ removed: 'review+, approval?', added: '' });
  });
});
