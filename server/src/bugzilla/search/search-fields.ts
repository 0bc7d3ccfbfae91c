import { TIMETRACKING_FIELDS } from '../access.js';
import { STANDARD_FIELDS } from '../field/bug-fields.js';

/** Bugzilla::Constants FIELD_TYPE_*. */
export const TYPE = {
  unknown: 0,
  freetext: 1,
  singleSelect: 2,
  multiSelect: 3,
  textarea: 4,
  datetime: 5,
  bugId: 6,
  bugUrls: 7,
  keywords: 8,
  date: 9,
  integer: 10,
} as const;

/** A field as Search.pm knows it (a row of `fielddefs`): what it may be searched and ordered by. */
export interface SearchField {
  name: string;
  /** How 5.2's messages name it (field-descs.none.tmpl, else fielddefs.description). */
  description: string;
  type: number;
  /** fielddefs.is_numeric: its values are compared as numbers. */
  numeric: boolean;
  /** fielddefs.buglist: a bug list may show it, so `order` may name it. */
  buglist: boolean;
  custom: boolean;
  /** One of BMO's tracking flags (its TrackingFlags search functions, bmo-terms.ts). */
  tracking?: boolean;
}

/** A custom field as the catalogue defines it (`fielddefs` with `custom` = 1). */
export interface CustomFieldDefinition {
  name: string;
  description: string;
  type: number;
  buglist?: boolean;
  obsolete?: boolean;
  /** One of BMO's tracking flags. */
  tracking?: boolean;
}

/** fielddefs.is_numeric of 5.2's own fields (Bugzilla::Field DEFAULT_FIELDS). */
const NUMERIC = new Set([
  'bug_id',
  'dependson',
  'blocked',
  'attachments.ispatch',
  'attachments.isobsolete',
  'attachments.isprivate',
  'longdescs.isprivate',
  'longdescs.count',
  'everconfirmed',
  'reporter_accessible',
  'cclist_accessible',
  'estimated_time',
  'remaining_time',
  'work_time',
  'percentage_complete',
]);

/** fielddefs.buglist of 5.2's own fields. */
const BUGLIST = new Set([
  'bug_id',
  'short_desc',
  'classification',
  'product',
  'version',
  'rep_platform',
  'bug_file_loc',
  'op_sys',
  'bug_status',
  'status_whiteboard',
  'keywords',
  'resolution',
  'bug_severity',
  'priority',
  'component',
  'assigned_to',
  'reporter',
  'qa_contact',
  'assigned_to_realname',
  'reporter_realname',
  'qa_contact_realname',
  'dependson',
  'blocked',
  'target_milestone',
  'creation_ts',
  'delta_ts',
  'longdescs.count',
  'alias',
  'estimated_time',
  'remaining_time',
  'deadline',
  'flagtypes.name',
  'work_time',
  'percentage_complete',
  'tag',
  'last_visit_ts',
]);

/** Where field-descs.none.tmpl names a field otherwise than fielddefs does. */
const TEMPLATE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  assigned_to: 'Assignee',
  assigned_to_realname: 'Assignee Real Name',
  bug_id: 'Bug ID',
  bug_severity: 'Severity',
  bug_status: 'Status',
  cclist_accessible: 'CC list accessible',
  days_elapsed: 'Days since bug changed',
  delta_ts: 'Changed',
  estimated_time: 'Orig. Est.',
  everconfirmed: 'Ever confirmed',
  op_sys: 'OS',
  percentage_complete: '%Complete',
  qa_contact: 'QA Contact',
  qa_contact_realname: 'QA Contact Real Name',
  remaining_time: 'Hours Left',
  rep_platform: 'Hardware',
  reporter: 'Reporter',
  reporter_accessible: 'Reporter accessible',
  reporter_realname: 'Reporter Real Name',
  status_whiteboard: 'Whiteboard',
};

/** The types of 5.2's own fields where bug-fields.ts keeps none of its own (free text there is 0). */
const STANDARD_TYPES: Readonly<Record<string, number>> = {
  keywords: TYPE.keywords,
  deadline: TYPE.datetime,
  see_also: TYPE.bugUrls,
  tag: TYPE.keywords,
  last_visit_ts: TYPE.datetime,
};

function standardField(name: string, displayName: string, type: number): SearchField {
  return {
    name,
    description: TEMPLATE_DESCRIPTIONS[name] ?? displayName,
    type: STANDARD_TYPES[name] ?? (type === TYPE.singleSelect ? TYPE.singleSelect : TYPE.unknown),
    numeric: NUMERIC.has(name),
    buglist: BUGLIST.has(name),
    custom: false,
  };
}

const STANDARD: ReadonlyMap<string, SearchField> = new Map(
  STANDARD_FIELDS.map((field) => [field.name, standardField(field.name, field.displayName, field.type)]),
);

const STANDARD_UNTIMED: ReadonlyMap<string, SearchField> = new Map(
  [...STANDARD].filter(([name]) => !TIMETRACKING_FIELDS.has(name)),
);

/** The fields BMO's fielddefs adds that its Bug.search reads (BMO's Bugzilla/Field.pm DEFAULT_FIELDS). */
const BMO_FIELDS: readonly SearchField[] = [
  { name: 'bug_type', description: 'Type', type: TYPE.singleSelect, numeric: false, buglist: true, custom: false },
  // FIELD_TYPE_USER, which Search.pm searches as its own (_triage_owner_nonchanged).
  {
    name: 'triage_owner',
    description: 'Triage Owner',
    type: TYPE.unknown,
    numeric: false,
    buglist: true,
    custom: false,
  },
];

const BMO_STANDARD: ReadonlyMap<string, SearchField> = new Map([
  ...STANDARD,
  ...BMO_FIELDS.map((field) => [field.name, field] as const),
]);
const BMO_UNTIMED: ReadonlyMap<string, SearchField> = new Map(
  [...BMO_STANDARD].filter(([name]) => !TIMETRACKING_FIELDS.has(name)),
);

/** How 5.2's messages name a field (a standard one; a custom one is named by its own description). */
export function fieldDescription(name: string): string {
  return STANDARD.get(name)?.description ?? name;
}

/**
 * The fields a search may name (Search.pm's _chart_fields: Bugzilla->fields by name), custom ones
 * included: time tracking only for time trackers (5.2 removes those for anyone else).
 */
export function chartFields(
  custom: readonly CustomFieldDefinition[],
  timeTracker: boolean,
  bmo = false,
): ReadonlyMap<string, SearchField> {
  if (custom.length === 0) {
    if (bmo) return timeTracker ? BMO_STANDARD : BMO_UNTIMED;
    return timeTracker ? STANDARD : STANDARD_UNTIMED;
  }
  const fields = new Map(STANDARD);
  if (bmo) for (const field of BMO_FIELDS) fields.set(field.name, field);
  for (const field of custom) {
    fields.set(field.name, {
      name: field.name,
      description: field.description,
      type: field.type,
      numeric: field.type === TYPE.bugId,
      buglist: field.buglist ?? field.type !== TYPE.multiSelect,
      custom: true,
      tracking: field.tracking === true,
    });
  }
  if (!timeTracker) for (const name of TIMETRACKING_FIELDS) fields.delete(name);
  return fields;
}

/** Field.pm's is_select: a single or multiple selection (its values come as a list from the form). */
export function isSelect(field: SearchField): boolean {
  return field.type === TYPE.singleSelect || field.type === TYPE.multiSelect;
}
