import type {
  CatalogueData,
  FieldValue,
  GroupDefinition,
  SelectFieldName,
  StatusValue,
  WorkflowTransition,
} from '../catalogue/types.js';

/**
 * What checksetup.pl gives a new Bugzilla 5.2: the enum tables' values (Bugzilla/DB.pm
 * ENUM_DEFAULTS, sortkeys 100, 200, ... as _bz_populate_enum_table numbers them), the workflow
 * (Bugzilla/Install.pm STATUS_WORKFLOW), the system groups (SYSTEM_GROUPS), the Unclassified
 * classification and TestProduct with TestComponent, version `unspecified`, milestone `---`.
 */
const ENUM_DEFAULTS: Record<SelectFieldName, readonly string[]> = {
  bug_severity: ['blocker', 'critical', 'major', 'normal', 'minor', 'trivial', 'enhancement'],
  priority: ['Highest', 'High', 'Normal', 'Low', 'Lowest', '---'],
  op_sys: ['All', 'Windows', 'Mac OS', 'Linux', 'Other'],
  rep_platform: ['All', 'PC', 'Macintosh', 'Other'],
  resolution: ['', 'FIXED', 'INVALID', 'WONTFIX', 'DUPLICATE', 'WORKSFORME'],
};

const STATUSES = ['UNCONFIRMED', 'CONFIRMED', 'IN_PROGRESS', 'RESOLVED', 'VERIFIED'];
/**
 * The closed states of Bugzilla's workflows: RESOLVED and VERIFIED, and an older installation's CLOSED.
 * Only what a catalogue is built from asks this (a status a data set names without saying); everything
 * else asks the catalogue (Catalogue.isOpen), where a tracker's own closed states are.
 */
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['RESOLVED', 'VERIFIED', 'CLOSED']);

export const isOpenByDefault = (status: string): boolean => !CLOSED_STATUSES.has(status);

const STATUS_WORKFLOW: ReadonlyArray<readonly [string | null, string]> = [
  [null, 'UNCONFIRMED'],
  [null, 'CONFIRMED'],
  [null, 'IN_PROGRESS'],
  ['UNCONFIRMED', 'CONFIRMED'],
  ['UNCONFIRMED', 'IN_PROGRESS'],
  ['UNCONFIRMED', 'RESOLVED'],
  ['CONFIRMED', 'IN_PROGRESS'],
  ['CONFIRMED', 'RESOLVED'],
  ['IN_PROGRESS', 'CONFIRMED'],
  ['IN_PROGRESS', 'RESOLVED'],
  ['RESOLVED', 'UNCONFIRMED'],
  ['RESOLVED', 'CONFIRMED'],
  ['RESOLVED', 'VERIFIED'],
  ['VERIFIED', 'UNCONFIRMED'],
  ['VERIFIED', 'CONFIRMED'],
];

const SYSTEM_GROUPS: ReadonlyArray<readonly [string, string, string?]> = [
  ['admin', 'Administrators'],
  ['tweakparams', 'Can change Parameters'],
  ['editusers', 'Can edit or disable users'],
  ['creategroups', 'Can create and destroy groups'],
  ['editclassifications', 'Can create, destroy, and edit classifications'],
  ['editcomponents', 'Can create, destroy, and edit components'],
  ['editkeywords', 'Can create, destroy, and edit keywords'],
  ['editbugs', 'Can edit all bug fields', '.*'],
  ['canconfirm', 'Can confirm a bug or mark it a duplicate'],
  ['bz_canusewhineatothers', 'Can configure whine reports for other users'],
  ['bz_canusewhines', 'User can configure whine reports for self'],
  ['bz_sudoers', 'Can perform actions as other users'],
  ['bz_sudo_protect', 'Can not be impersonated by other users'],
  ['bz_quip_moderators', 'Can moderate quips'],
];

function enumValues(values: readonly string[]): FieldValue[] {
  return values.map((value, index) => ({
    id: index + 1,
    value,
    sortkey: (index + 1) * 100,
    isActive: true,
    visibilityValueId: null,
  }));
}

function defaultStatuses(): StatusValue[] {
  return enumValues(STATUSES).map((value) => ({ ...value, isOpen: isOpenByDefault(value.value) }));
}

function defaultWorkflow(): WorkflowTransition[] {
  return STATUS_WORKFLOW.map(([from, to]) => ({ from, to, requireComment: false }));
}

export function defaultSystemGroups(): GroupDefinition[] {
  return SYSTEM_GROUPS.map(([name, description, userRegexp = ''], index) => ({
    id: index + 1,
    name,
    description,
    isBugGroup: false,
    userRegexp,
    isActive: true,
    iconUrl: null,
  }));
}

/** A fresh 5.2's catalogue; TestComponent is assigned to `admin` (checksetup.pl's first user), when there is one. */
export function bugzillaDefaultCatalogue(admin: number | null): CatalogueData {
  return {
    classifications: [{ id: 1, name: 'Unclassified', description: 'Not assigned to any classification', sortkey: 0 }],
    products: [
      {
        id: 1,
        name: 'TestProduct',
        description:
          'This is a test product. This ought to be blown away and replaced with real stuff in a finished installation of bugzilla.',
        classificationId: 1,
        isActive: true,
        defaultMilestone: '---',
        allowsUnconfirmed: true,
        components: [
          {
            id: 1,
            productId: 1,
            name: 'TestComponent',
            description:
              'This is a test component in the test product database. This ought to be blown away and replaced with real stuff in a finished installation of Bugzilla.',
            defaultAssignee: admin,
            defaultQaContact: null,
            defaultCc: [],
            isActive: true,
          },
        ],
        versions: [{ id: 1, productId: 1, value: 'unspecified', isActive: true }],
        milestones: [{ id: 1, productId: 1, value: '---', sortkey: 0, isActive: true }],
        groupControls: [],
      },
    ],
    fieldValues: {
      bug_severity: enumValues(ENUM_DEFAULTS.bug_severity),
      priority: enumValues(ENUM_DEFAULTS.priority),
      op_sys: enumValues(ENUM_DEFAULTS.op_sys),
      rep_platform: enumValues(ENUM_DEFAULTS.rep_platform),
      resolution: enumValues(ENUM_DEFAULTS.resolution),
    },
    statuses: defaultStatuses(),
    workflow: defaultWorkflow(),
    keywords: [],
    flagTypes: [],
    groups: defaultSystemGroups(),
  };
}
