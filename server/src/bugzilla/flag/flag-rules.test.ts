import { describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { testUser } from '../../../testing/test-user.js';
import { catalogueOfSnapshot } from '../../stores/snapshot-catalogue.js';
import { defaultBugFields } from '../bug/bug-defaults.js';
import { Catalogue } from '../catalogue/catalogue.js';
import type { Bug, BugFlag, User } from '../types.js';
import { type FlagRequest, planFlags } from './flag-rules.js';

/*
 * 5.2's flag rules (Bugzilla/Flag.pm), on the catalogue of the 2026-11-26 recordings: review (single,
 * requestee allowed), needinfo (multiplicable), qa (not requestable), approval (attachments, no
 * requestee, granted by `secret` only).
 */
const catalogue = Catalogue.from(catalogueOfSnapshot(bugzilla52ExtendedSnapshot()));
const user = (id: number, login: string, groups: string[] = [], realName = ''): User =>
  testUser({ id, login, groups, realName });
const admin = user(1, 'admin@example.com', ['secret', 'editbugs']);
const dev = user(5, 'dev@example.com', ['editbugs']);
const nobody = user(6, 'nobody@example.com', [], 'No Rights');
const users = new Map([admin, dev, nobody].map((u) => [u.login, u]));

const bug = (groups: string[] = [], flags: BugFlag[] = []): Bug => ({
  id: 5,
  aliases: [],
  reporter: 1,
  assignedTo: 1,
  qaContact: null,
  cc: [],
  groups,
  reporterAccessible: true,
  cclistAccessible: true,
  fields: {
    ...defaultBugFields({ creation: 0, lastChange: 0 }),
    product: 'Widgets',
    component: 'Backend',
    version: '1.0',
    flags,
  },
});

const NOW = '2026-11-26T17:43:38Z';
function plan(requests: FlagRequest[], target: Bug, actor = dev, attachment?: { id: number; isPrivate: boolean }) {
  return planFlags(
    requests,
    { bug: target, flags: target.fields.flags, ...(attachment ? { attachment } : {}) },
    { catalogue, parameters: { insidergroup: 'insiders' }, actor, userByLogin: (l) => users.get(l), now: NOW },
  );
}

const flag = (id: number, name: string, typeId: number, status: string, extra: Partial<BugFlag> = {}): BugFlag => ({
  id,
  name,
  type_id: typeId,
  status,
  setter: 'admin@example.com',
  creation_date: NOW,
  modification_date: NOW,
  ...extra,
});

describe("5.2's flag rules", () => {
  it('asks someone: the flag, its summary, and the requestee for the CC list', () => {
    const result = plan([{ name: 'review', status: '?', requestee: 'admin@example.com' }], bug());
    expect(result.flags).toEqual([
      {
        name: 'review',
        type_id: 1,
        status: '?',
        setter: 'dev@example.com',
        requestee: 'admin@example.com',
        creation_date: NOW,
        modification_date: NOW,
      },
    ]);
    expect(result.addCc).toEqual([1]);
    expect(result.change).toEqual({ removed: '', added: 'review?(admin@example.com)' });
  });

  it('lists several changes in type order, and a single type by name changes its flag', () => {
    const both = plan(
      [
        { name: 'review', status: '?', requestee: 'dev@example.com' },
        { name: 'needinfo', status: '?' },
      ],
      bug(),
    );
    expect(both.change?.added).toBe('needinfo?, review?(dev@example.com)');
    const again = plan([{ name: 'review', status: '?' }], bug([], [flag(8, 'review', 1, '-')]));
    expect(again.flags.map((f) => [f.id, f.status])).toEqual([[8, '?']]);
    expect(again.change).toEqual({ removed: 'review-', added: 'review?' });
  });

  it('drops the requestee of a granted flag, clears with X, and takes `new` for a multiplicable type', () => {
    const granted = plan(
      [{ id: 8, status: '+', requestee: 'admin@example.com' }],
      bug([], [flag(8, 'review', 1, '?', { requestee: 'dev@example.com' })]),
    );
    expect(granted.flags[0]).not.toHaveProperty('requestee');
    expect(granted.change).toEqual({ removed: 'review?(dev@example.com)', added: 'review+' });
    expect(plan([{ id: 8, status: 'X' }], bug([], [flag(8, 'review', 1, '+')])).flags).toEqual([]);
    const two = plan([{ name: 'needinfo', status: '?', new: true }], bug([], [flag(3, 'needinfo', 2, '?')]));
    expect(two.flags).toHaveLength(2);
  });

  it('refuses as 5.2 does, each with its code', () => {
    const withTwo = bug([], [flag(3, 'needinfo', 2, '?'), flag(4, 'needinfo', 2, '?')]);
    const refusals: Array<[FlagRequest[], Bug, User, number, string]> = [
      [[{ id: 999, status: 'X' }], bug(), dev, 51, "There is no flag with the id '999'."],
      [[{ name: 'qa', status: '?' }], bug(), dev, 129, 'The flag status ? is invalid.'],
      [
        [{ name: 'review', status: 'maybe' }],
        bug([], [flag(8, 'review', 1, '+')]),
        dev,
        129,
        'The flag status maybe for flag ID #8 is invalid.',
      ],
      [
        [{ status: '?' }],
        bug(),
        dev,
        50,
        'The function Bugzilla::Flag->set_flag requires a id/type_id argument, and that argument was not set.',
      ],
      [[{ name: 'approval', status: '?' }], bug(), dev, 51, "There is no flagtype named 'approval'."],
      [
        [{ name: 'needinfo', status: '?' }],
        withTwo,
        dev,
        132,
        "The flag 'needinfo' has been set multiple times. You must specify the id value to update the flag.",
      ],
      [
        [{ name: 'review', status: '?', requestee: 'ghost@example.com' }],
        bug(),
        dev,
        51,
        "There is no user named 'ghost@example.com'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.",
      ],
      [
        [{ name: 'review', status: '?', requestee: 'nobody@example.com' }],
        bug(['secret']),
        admin,
        32000,
        'You asked No Rights <nobody@example.com> for review on bug 5,',
      ],
      [
        [
          { name: 'review', status: '+' },
          { name: 'review', status: '+', new: true },
        ],
        bug(),
        dev,
        32000,
        'You cannot have several review flags for this bug.',
      ],
    ];
    for (const [requests, target, actor, code, message] of refusals) {
      let error: unknown;
      try {
        plan(requests, target, actor);
      } catch (thrown) {
        error = thrown;
      }
      expect(error, message).toMatchObject({ code });
      expect((error as Error).message.startsWith(message), (error as Error).message).toBe(true);
    }
  });

  it('lets only the grant group grant, and no one name a requestee where the type takes none (attachments)', () => {
    const attachment = { id: 1, isPrivate: false };
    expect(() => plan([{ name: 'approval', status: '+' }], bug(), dev, attachment)).toThrow(
      'You tried to grant approval. Only a user with the required permissions may make this change.',
    );
    expect(plan([{ name: 'approval', status: '+' }], bug(), admin, attachment).change?.added).toBe('approval+');
    expect(() =>
      plan([{ name: 'approval', status: '?', requestee: 'admin@example.com' }], bug(), dev, attachment),
    ).toThrow("You can't ask a specific person for approval.");
  });
});
