import { describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { testUser } from '../../../testing/test-user.js';
import { catalogueOfSnapshot } from '../../stores/snapshot-catalogue.js';
import { defaultBugFields } from '../bug/bug-defaults.js';
import { Catalogue } from '../catalogue/catalogue.js';
import type { Bug, BugFlag, User } from '../types.js';
import { flagRequests, planAttachmentFlags, sameFlags } from './attachment-flags.js';

/*
 * An attachment's flags on the catalogue of the 2026-11-26 recordings: `approval` is the attachment
 * flag type (not multiplicable, no requestee, granted by `secret` only); `review` is a bug's.
 */
const catalogue = Catalogue.from(catalogueOfSnapshot(bugzilla52ExtendedSnapshot()));
const user = (id: number, login: string, groups: string[]): User => testUser({ id, login, groups });
const admin = user(1, 'admin@example.com', ['secret', 'editbugs']);
const dev = user(5, 'dev@example.com', ['editbugs']);
const bug: Bug = {
  id: 1,
  aliases: [],
  reporter: 1,
  assignedTo: 1,
  qaContact: null,
  cc: [],
  groups: [],
  reporterAccessible: true,
  cclistAccessible: true,
  fields: { ...defaultBugFields({ creation: 0, lastChange: 0 }), product: 'Widgets', component: 'Backend' },
};
const NOW = '2026-11-26T17:44:38Z';
const setting = (actor: User) => ({
  catalogue,
  parameters: { insidergroup: 'insiders' },
  actor,
  userByLogin: (login: string) => [admin, dev].find((u) => u.login === login),
  now: NOW,
});
const attachment = (flags: BugFlag[] = []) => ({ id: 5, isPrivate: false, flags });
/** The approval? dev asked for, as the store numbered it (9). */
const askedApproval = (): BugFlag => ({
  ...(planAttachmentFlags([{ name: 'approval', status: '?' }], attachment(), bug, setting(dev)).flags[0] as BugFlag),
  id: 9,
});

describe("an attachment's flags", () => {
  it('asks for approval as Bug.add_attachment #20 did: a new flag (id 0 until numbered) and its history row', () => {
    const plan = planAttachmentFlags(
      flagRequests([{ name: 'approval', status: '?' }]),
      attachment(),
      bug,
      setting(dev),
    );
    expect(plan.flags).toEqual([
      {
        id: 0,
        name: 'approval',
        type_id: 4,
        status: '?',
        setter: 'dev@example.com',
        creation_date: NOW,
        modification_date: NOW,
      },
    ]);
    expect(plan.change).toEqual({ removed: '', added: 'approval?' });
  });

  it("refuses a second approval (not multiplicable) naming the attachment, and a bug's flag type", () => {
    const asked = askedApproval();
    expect(() =>
      planAttachmentFlags([{ name: 'approval', status: '?', new: true }], attachment([asked]), bug, setting(dev)),
    ).toThrow('You cannot have several approval flags for this attachment.');
    expect(() => planAttachmentFlags([{ name: 'review', status: '?' }], attachment(), bug, setting(dev))).toThrow(
      "There is no flagtype named 'review'.",
    );
  });

  it('grants only for the grant group, and names nobody for approval', () => {
    const asked = askedApproval();
    expect(() => planAttachmentFlags([{ id: 9, status: '+' }], attachment([asked]), bug, setting(dev))).toThrow(
      'You tried to grant approval.',
    );
    const granted = planAttachmentFlags([{ id: 9, status: '+' }], attachment([asked]), bug, setting(admin));
    expect(granted.change).toEqual({ removed: 'approval?', added: 'approval+' });
    expect(granted.flags[0]).toMatchObject({ id: 9, status: '+', setter: 'admin@example.com' });
    expect(() =>
      planAttachmentFlags(
        [{ id: 9, status: '?', requestee: 'admin@example.com' }],
        attachment([asked]),
        bug,
        setting(dev),
      ),
    ).toThrow("You can't ask a specific person for approval.");
    const cleared = planAttachmentFlags([{ id: 9, status: 'X' }], attachment([asked]), bug, setting(dev));
    expect(cleared).toEqual({ flags: [], change: { removed: 'approval?', added: '' }, addCc: [] });
  });

  it('takes only a list, and compares flag lists by what a change could alter', () => {
    expect(() => flagRequests({ name: 'approval' })).toThrow('Not an ARRAY reference');
    const one: BugFlag = {
      id: 1,
      name: 'approval',
      type_id: 4,
      status: '?',
      setter: 'a',
      creation_date: NOW,
      modification_date: NOW,
    };
    expect(sameFlags([one], [{ ...one }])).toBe(true);
    expect(sameFlags([one], [{ ...one, status: '+' }])).toBe(false);
    expect(sameFlags([one], [])).toBe(false);
  });
});
