import type { CustomField } from '../field/custom-field.js';
import type { FieldValue } from '../field/field-value.js';

/**
 * What a tracker offers around its bugs: classifications, products with their components,
 * versions and milestones, the values of its select fields, the status workflow, keywords, flag
 * types and group definitions. Named and numbered as Bugzilla's tables are (`products`,
 * `components`, `versions`, `milestones`, `status_workflow`, `flagtypes`, ...), so that an
 * imported database keeps its ids. Users are referred to by id.
 */

export interface Classification {
  id: number;
  name: string;
  description: string;
  sortkey: number;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  classificationId: number;
  isActive: boolean;
  /** The milestone new bugs get (`products.defaultmilestone`). */
  defaultMilestone: string;
  /** Whether UNCONFIRMED may be used (`products.allows_unconfirmed`). */
  allowsUnconfirmed: boolean;
  components: Component[];
  versions: Version[];
  milestones: Milestone[];
  /** `group_control_map`: how the product's bugs are put in groups, and who may enter or edit them. */
  groupControls: GroupControl[];
  /** BMO's `product_reviewers` (extensions/Review): its suggested reviewers, in order; absent: none. */
  reviewers?: number[];
}

export interface Component {
  id: number;
  productId: number;
  name: string;
  description: string;
  /** The user new bugs are assigned to (null only in a data set with no users at all). */
  defaultAssignee: number | null;
  defaultQaContact: number | null;
  /** `component_cc`: users added to the CC list of new bugs. */
  defaultCc: number[];
  isActive: boolean;
  /** BMO's `components.triage_owner_id` (extensions/BMO, Bugzilla/Component.pm): who triages its bugs; absent: nobody. */
  triageOwner?: number | null;
  /** BMO's `component_reviewers` (extensions/Review): its suggested reviewers, in order; absent: none. */
  reviewers?: number[];
}

export interface Version {
  id: number;
  productId: number;
  value: string;
  isActive: boolean;
}

export interface Milestone {
  id: number;
  productId: number;
  value: string;
  sortkey: number;
  isActive: boolean;
}

/** Bugzilla's CONTROLMAPNA, CONTROLMAPSHOWN, CONTROLMAPDEFAULT, CONTROLMAPMANDATORY. */
export type ControlMap = 0 | 1 | 2 | 3;

export interface GroupControl {
  groupId: number;
  /** Users must be in the group to enter bugs in the product. */
  entry: boolean;
  memberControl: ControlMap;
  otherControl: ControlMap;
  /** Users must be in the group to edit the product's bugs. */
  canEdit: boolean;
  editComponents: boolean;
  editBugs: boolean;
  canConfirm: boolean;
}

export type { FieldValue } from '../field/field-value.js';

export interface StatusValue extends FieldValue {
  isOpen: boolean;
}

/** The select fields whose values a tracker keeps in a table of their own, by Bugzilla's field name. */
export const SELECT_FIELDS = ['priority', 'bug_severity', 'op_sys', 'rep_platform', 'resolution'] as const;
export type SelectFieldName = (typeof SELECT_FIELDS)[number];

/** One allowed change of status (`status_workflow`); `from` null: a status a new bug may start in. */
export interface WorkflowTransition {
  from: string | null;
  to: string;
  requireComment: boolean;
}

export interface Keyword {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
}

/** A product or component a flag type applies to (`flaginclusions`, `flagexclusions`); null: any. */
export interface FlagScope {
  productId: number | null;
  componentId: number | null;
}

export interface FlagType {
  id: number;
  name: string;
  description: string;
  /** Addresses told of requests (`cc_list`). */
  ccList: string;
  targetType: 'bug' | 'attachment';
  isActive: boolean;
  isRequestable: boolean;
  /** A request may name someone (`is_requesteeble`). */
  isRequesteeble: boolean;
  isMultiplicable: boolean;
  sortkey: number;
  /** Members may set + and - (null: anyone who can edit the bug). */
  grantGroupId: number | null;
  /** Members may ask ? (null: anyone who can edit the bug). */
  requestGroupId: number | null;
  inclusions: FlagScope[];
  exclusions: FlagScope[];
}

export interface GroupDefinition {
  id: number;
  name: string;
  description: string;
  /** A group bugs may be put in (as opposed to a system group such as `editbugs`). */
  isBugGroup: boolean;
  /** Users whose login matches are members (`userregexp`); empty: none. */
  userRegexp: string;
  isActive: boolean;
  iconUrl: string | null;
}

/**
 * A user's webhook (BMO's Webhooks extension, `webhooks` table: extensions/Webhooks/lib/Webhook.pm):
 * the events it is told of, for a product and component (null: BMO's "Any"). Kept with the
 * catalogue: like a flag type it names products and components, is small, is read on every write,
 * and every store that owns its data keeps it durably with the catalogue.
 */
export interface Webhook {
  id: number;
  name: string;
  url: string;
  userId: number;
  /** BMO's comma-separated events: `create`, `change`, `comment`, `attachment`, `attachment_change`. */
  event: string;
  productId: number | null;
  componentId: number | null;
  /** A header sent with each post, and its value (both or neither). */
  apiKeyHeader: string | null;
  apiKeyValue: string | null;
}

/** The whole catalogue, as a store keeps it and a snapshot carries it. */
export interface CatalogueData {
  classifications: Classification[];
  products: Product[];
  fieldValues: Record<SelectFieldName, FieldValue[]>;
  statuses: StatusValue[];
  workflow: WorkflowTransition[];
  keywords: Keyword[];
  flagTypes: FlagType[];
  groups: GroupDefinition[];
  /** BMO's webhooks; absent in data written before there were any. */
  webhooks?: Webhook[];
  /** The custom fields (`fielddefs` rows with `custom`), in any order; absent in data written before: none. */
  customFields?: CustomField[];
}
