import type { Fixture } from '../src/import/fixture/fixture.js';
import { BUGZILLA_52_PASSWORDS, bugzilla52Fixture } from './bugzilla-5.2-fixture.js';

/** The API key of user 6, `nobody@example.com`, whom the extended data set adds (no group at all). */
const BUGZILLA_52_NOBODY_KEY = 'OracleNobodyKey000000000000000000000000N';

const TEST_PRODUCT_DESCRIPTION =
  'This is a test product. This ought to be blown away and replaced with real stuff in a finished installation of bugzilla.';
const TEST_COMPONENT_DESCRIPTION =
  'This is a test component in the test product database. This ought to be blown away and replaced with real stuff in a finished installation of Bugzilla.';

/**
 * The catalogue of the extended data set the 2026-11-26 recordings start from
 * (test-data/bugzilla-5.2/data-set-extension.md), with the ids the recordings show:
 * classifications, the four products with their components, versions and milestones,
 * keywords, the four flag types and the two bug groups.
 */
const CATALOGUE = {
  classifications: [{ id: 2, name: 'Hardware', description: 'Physical products', sort_key: 10 }],
  products: [
    {
      id: 1,
      name: 'TestProduct',
      description: TEST_PRODUCT_DESCRIPTION,
      components: [{ id: 1, name: 'TestComponent', description: TEST_COMPONENT_DESCRIPTION }],
      versions: [{ id: 1, name: 'unspecified' }],
      milestones: [{ id: 1, name: '---', sort_key: 0 }],
      group_controls: [{ group: 'secret', member_control: 'shown', other_control: 'na' }],
    },
    {
      id: 2,
      name: 'Gadgets',
      description: 'Hardware gadgets and their firmware',
      classification: 'Hardware',
      components: [{ id: 2, name: 'Firmware', description: 'Device firmware' }],
      versions: [
        { id: 2, name: '2.0' },
        { id: 6, name: '2.1' },
      ],
      milestones: [
        { id: 2, name: '---', sort_key: 0 },
        { id: 7, name: 'M1', sort_key: 10 },
      ],
      group_controls: [{ group: 'secret', member_control: 'shown', other_control: 'na' }],
    },
    {
      id: 3,
      name: 'Widgets',
      description: 'Web widgets: front end and back end',
      components: [
        { id: 3, name: 'Backend', description: 'Server side' },
        { id: 4, name: 'Frontend', description: 'Browser side' },
      ],
      versions: [
        { id: 3, name: '1.0' },
        { id: 4, name: '1.1' },
        { id: 5, name: '0.9', is_active: false },
      ],
      milestones: [
        { id: 3, name: '---', sort_key: 0 },
        { id: 4, name: '1.1', sort_key: 10 },
        { id: 5, name: '2.0', sort_key: 20 },
        { id: 6, name: '0.9', sort_key: 5, is_active: false },
      ],
      group_controls: [{ group: 'secret', member_control: 'shown', other_control: 'na' }],
    },
    {
      id: 4,
      name: 'Legacy',
      description: 'Closed for new bugs',
      is_open: false,
      has_unconfirmed: false,
      components: [{ id: 5, name: 'Old', description: 'Old stuff' }],
      versions: [{ id: 7, name: 'unspecified' }],
      milestones: [{ id: 8, name: '---', sort_key: 0 }],
    },
  ],
  keywords: [
    { id: 1, name: 'regression', description: 'A feature that used to work' },
    { id: 2, name: 'crash', description: 'The program stops' },
    { id: 3, name: 'perf', description: 'Too slow' },
  ],
  flag_types: [
    {
      id: 1,
      name: 'review',
      description: 'Code review',
      is_requesteeble: true,
      is_multiplicable: false,
      // Made before Legacy existed, for the products there were then: a product made later has no review.
      inclusions: ['TestProduct', 'Gadgets', 'Widgets'],
    },
    { id: 2, name: 'needinfo', description: 'More information requested' },
    {
      id: 3,
      name: 'qa',
      description: 'QA sign-off, set directly',
      is_requestable: false,
      is_requesteeble: false,
      is_multiplicable: false,
    },
    {
      id: 4,
      name: 'approval',
      description: 'Release approval of a patch',
      target_type: 'attachment',
      is_requesteeble: false,
      is_multiplicable: false,
      grant_group: 'secret',
    },
  ],
} satisfies Partial<Fixture>;

/**
 * The recorded 5.2's extended data set as a fixture: data-set.json's users, bugs and the
 * rest (with the test passwords), user 6 `nobody`, the catalogue above, `usetargetmilestone`
 * and `useqacontact` on, and the groups `secret` (15) and `insiders` (16) as 5.2 defines them.
 */
export function bugzilla52CatalogueFixture(): Fixture {
  const fixture = bugzilla52Fixture();
  const users = (fixture.users ?? []).map((user) => {
    const password = BUGZILLA_52_PASSWORDS[user.login];
    return password ? { ...user, password } : user;
  });
  users.push({
    login: 'nobody@example.com',
    real_name: 'No Rights',
    groups: [],
    api_keys: [BUGZILLA_52_NOBODY_KEY],
    password: 'oracle-pw-nobody',
  });
  return {
    ...fixture,
    instance: {
      ...fixture.instance,
      parameters: { ...fixture.instance?.parameters, usetargetmilestone: '1', useqacontact: '1' },
    },
    groups: [
      ...(fixture.groups ?? []),
      // The extension empties editbugs' `.*` so that a user can lack it.
      { name: 'editbugs', user_regexp: '' },
      { id: 15, name: 'secret', description: 'Private bugs', is_bug_group: true },
      { id: 16, name: 'insiders', description: 'May see private comments', is_bug_group: true },
    ],
    users,
    ...CATALOGUE,
  };
}
