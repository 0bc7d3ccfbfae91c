import type {
  CatalogueData,
  FlagType,
  GroupControl,
  Milestone,
  Product,
  Version,
} from '../src/bugzilla/catalogue/types.js';
import { bugzillaDefaultCatalogue } from '../src/bugzilla/field/bugzilla-defaults.js';
import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import { snapshotFromFixture } from '../src/import/fixture/fixture.js';
import { snapshotCatalogue } from '../src/stores/snapshot-catalogue.js';
import { extendedAttachments } from './bugzilla-5.2-extended-attachments.js';
import { bugzilla52Fixture } from './bugzilla-5.2-fixture.js';

/** The key of nobody@example.com, the extension's user without any group. */
export const NOBODY_KEY = 'OracleNobodyKey000000000000000000000000N';

const ADMIN = 1;
const SECRET = 15;
const INSIDERS = 16;

/** `secret` is Shown/NA (members may put bugs in it) in products 1-3; Legacy has no controls. */
const SECRET_SHOWN: GroupControl = {
  groupId: SECRET,
  entry: false,
  memberControl: 1,
  otherControl: 0,
  canEdit: false,
  editComponents: false,
  editBugs: false,
  canConfirm: false,
};

let nextVersionId = 1;
const versions = (productId: number, values: Array<[string, boolean?]>): Version[] =>
  values.map(([value, isActive = true]) => ({ id: nextVersionId++, productId, value, isActive }));
let nextMilestoneId = 1;
const milestones = (productId: number, values: Array<[string, number, boolean?]>): Milestone[] =>
  values.map(([value, sortkey, isActive = true]) => ({ id: nextMilestoneId++, productId, value, sortkey, isActive }));

function product(
  id: number,
  name: string,
  classificationId: number,
  components: Array<[number, string]>,
  rest: Pick<Product, 'versions' | 'milestones' | 'isActive' | 'allowsUnconfirmed' | 'groupControls'>,
): Product {
  return {
    id,
    name,
    description: name,
    classificationId,
    defaultMilestone: '---',
    components: components.map(([componentId, componentName]) => ({
      id: componentId,
      productId: id,
      name: componentName,
      description: componentName,
      defaultAssignee: ADMIN,
      defaultQaContact: null,
      defaultCc: [],
      isActive: true,
    })),
    ...rest,
  };
}

function flagType(id: number, name: string, rest: Partial<FlagType>): FlagType {
  return {
    id,
    name,
    description: name,
    ccList: '',
    targetType: 'bug',
    isActive: true,
    isRequestable: true,
    isRequesteeble: true,
    isMultiplicable: false,
    sortkey: 1,
    grantGroupId: null,
    requestGroupId: null,
    inclusions: [{ productId: null, componentId: null }],
    exclusions: [],
    ...rest,
  };
}

/** The catalogue of the 2026-11-26 recordings (test-data/bugzilla-5.2/data-set-extension.md). */
function extendedCatalogue(): CatalogueData {
  nextVersionId = 1;
  nextMilestoneId = 1;
  const catalogue = bugzillaDefaultCatalogue(ADMIN);
  for (const group of catalogue.groups) if (group.name === 'editbugs') group.userRegexp = '';
  catalogue.groups.push(
    {
      id: SECRET,
      name: 'secret',
      description: 'secret',
      isBugGroup: true,
      userRegexp: '',
      isActive: true,
      iconUrl: null,
    },
    {
      id: INSIDERS,
      name: 'insiders',
      description: 'insiders',
      isBugGroup: true,
      userRegexp: '',
      isActive: true,
      iconUrl: null,
    },
  );
  catalogue.classifications.push({ id: 2, name: 'Hardware', description: 'Physical products', sortkey: 10 });
  catalogue.products = extendedProducts();
  catalogue.keywords = [
    { id: 1, name: 'regression', description: 'A feature that used to work', isActive: true },
    { id: 2, name: 'crash', description: 'The program stops', isActive: true },
    { id: 3, name: 'perf', description: 'Too slow', isActive: true },
  ];
  catalogue.flagTypes = [
    flagType(1, 'review', {}),
    flagType(2, 'needinfo', { isMultiplicable: true }),
    flagType(3, 'qa', { isRequestable: false }),
    flagType(4, 'approval', { targetType: 'attachment', isRequesteeble: false, grantGroupId: SECRET }),
  ];
  return catalogue;
}

function extendedProducts(): Product[] {
  const open = { isActive: true, allowsUnconfirmed: true, groupControls: [SECRET_SHOWN] };
  return [
    product(1, 'TestProduct', 1, [[1, 'TestComponent']], {
      ...open,
      versions: versions(1, [['unspecified']]),
      milestones: milestones(1, [['---', 0]]),
    }),
    product(2, 'Gadgets', 2, [[2, 'Firmware']], {
      ...open,
      versions: versions(2, [['2.0'], ['2.1']]),
      milestones: milestones(2, [
        ['---', 0],
        ['M1', 10],
      ]),
    }),
    product(
      3,
      'Widgets',
      1,
      [
        [3, 'Backend'],
        [4, 'Frontend'],
      ],
      {
        ...open,
        versions: versions(3, [['1.0'], ['1.1'], ['0.9', false]]),
        milestones: milestones(3, [
          ['---', 0],
          ['1.1', 10],
          ['2.0', 20],
          ['0.9', 5, false],
        ]),
      },
    ),
    product(4, 'Legacy', 1, [[5, 'Old']], {
      isActive: false,
      allowsUnconfirmed: false,
      groupControls: [],
      versions: versions(4, [['unspecified']]),
      milestones: milestones(4, [['---', 0]]),
    }),
  ];
}

/**
 * The recorded 5.2's data set with the 2026-11-26 extension: nobody@example.com, the parameters
 * (`usetargetmilestone`, `useqacontact`), bug 10's keyword, needinfo?(user) on bug 8, and the
 * catalogue above, and attachments 1-3 with their comments (25-27) and approval flag.
 */
export function bugzilla52ExtendedSnapshot(): StoreSnapshot {
  const fixture = bugzilla52Fixture();
  const parameters = fixture.instance?.parameters as Record<string, string>;
  parameters.usetargetmilestone = '1';
  parameters.useqacontact = '1';
  fixture.users?.push({
    login: 'nobody@example.com',
    real_name: 'No Rights',
    groups: [],
    api_keys: [NOBODY_KEY],
  });
  for (const bug of fixture.bugs ?? []) {
    const fields = bug as { flags?: unknown[]; keywords?: string[]; comments?: unknown[]; history?: unknown[] };
    if (bug.id === 10) fields.keywords = ['regression'];
    // The attachments' comments: 5.2's type 5, rendered with the attachment's summary when read.
    const attachmentComment = (id: number, author: string, time: string, text: string, isPrivate: boolean) =>
      fields.comments?.push({ id, author, time, text, is_private: isPrivate, type: 5, extra_data: String(id - 24) });
    if (bug.id === 7) {
      attachmentComment(27, 'user@example.com', '2026-11-26T17:37:26Z', '', false);
      bug.last_change_time = '2026-11-26T17:37:26Z';
    }
    // The extension put product Gadgets in the Hardware classification.
    const named = bug as { product?: string; classification?: string };
    if (named.product === 'Gadgets') named.classification = 'Hardware';
    if (bug.id === 8) {
      attachmentComment(25, 'dev@example.com', '2026-11-26T17:37:24Z', 'The fix, for review.', false);
      attachmentComment(26, 'dev@example.com', '2026-11-26T17:37:25Z', '', true);
      fields.history?.push({
        who: 'admin@example.com',
        when: '2026-11-26T17:37:28Z',
        changes: [{ field_name: 'flagtypes.name', removed: '', added: 'needinfo?(user@example.com)' }],
      });
      fields.flags?.unshift({
        id: 3,
        name: 'needinfo',
        type_id: 2,
        status: '?',
        setter: 'admin@example.com',
        requestee: 'user@example.com',
        creation_date: '2026-11-26T17:37:28Z',
        modification_date: '2026-11-26T17:37:28Z',
      });
    }
  }
  fixture.attachments = extendedAttachments();
  const snapshot = snapshotFromFixture(fixture);
  snapshot.catalogue = snapshotCatalogue(extendedCatalogue());
  return snapshot;
}
