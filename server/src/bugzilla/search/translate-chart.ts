import { bugTypeNonchanged, trackingFlagNonchanged, triageOwnerNonchanged } from './bmo-terms.js';
import type { ChartArgs, SearchContext } from './chart-args.js';
import type { Condition } from './criteria.js';
import {
  multiselectIsEmpty,
  multiselectMultiple,
  multiselectNegative,
  multiselectNonchanged,
} from './multiselect-terms.js';
import { doOperatorFunction, quoteUnlessNumeric } from './operator-terms.js';
import { contactPronoun } from './pronouns.js';
import { RELATIVE_DATE, sqlifyDate } from './search-dates.js';
import { searchErrors } from './search-errors.js';
import { TYPE } from './search-fields.js';
import type { Expr, Join, Operand } from './search-term.js';
import * as special from './special-terms.js';
import { userNonchanged } from './user-terms.js';

type SearchFunction = (args: ChartArgs) => void;
/** An override: functions by operator, `_non_changed` for the operators without `changed`, `_default` for any other. */
type Override = Readonly<Record<string, SearchFunction>>;

const invalid: SearchFunction = (args) => {
  throw searchErrors.fieldOperatorInvalid(args.fieldDef.description, args.field, args.operator);
};

const MULTI_SELECT: Override = {
  notequals: multiselectNegative,
  notregexp: multiselectNegative,
  notsubstring: multiselectNegative,
  nowords: multiselectNegative,
  nowordssubstr: multiselectNegative,
  allwords: multiselectMultiple,
  allwordssubstr: multiselectMultiple,
  anyexact: multiselectMultiple,
  anywords: multiselectMultiple,
  anywordssubstr: multiselectMultiple,
  _non_changed: multiselectNonchanged,
};
const USER: Override = { _non_changed: userNonchanged };
const LONGDESC_CHANGED: Override = {
  changedby: special.longDescChangedBy,
  changedbefore: special.longDescChangedWhen,
  changedafter: special.longDescChangedWhen,
};

/** Search.pm's OPERATOR_FIELD_OVERRIDE, by field. */
const BY_FIELD: Readonly<Record<string, Override>> = {
  'attachments.submitter': USER,
  assigned_to: USER,
  assigned_to_realname: USER,
  cc: USER,
  commenter: USER,
  reporter: USER,
  reporter_realname: USER,
  'requestees.login_name': USER,
  'setters.login_name': USER,
  qa_contact: USER,
  qa_contact_realname: USER,
  alias: { _non_changed: special.aliasNonchanged },
  'attach_data.thedata': MULTI_SELECT,
  attachments: MULTI_SELECT,
  blocked: MULTI_SELECT,
  bug_file_loc: { _non_changed: special.nullable('') },
  bug_group: MULTI_SELECT,
  classification: { _non_changed: (args) => column(args, 'classification') },
  component: { _non_changed: (args) => column(args, 'component') },
  content: {
    matches: special.contentMatches,
    notmatches: special.contentMatches,
    _default: special.contentOnlyMatches,
  },
  days_elapsed: { _default: special.daysElapsed },
  dependson: MULTI_SELECT,
  keywords: MULTI_SELECT,
  'flagtypes.name': { _non_changed: (args) => special.flagtypesNonchanged(args, emptyInverted) },
  longdesc: { ...LONGDESC_CHANGED, _non_changed: longDesc },
  'longdescs.count': {
    ...LONGDESC_CHANGED,
    changedfrom: invalid,
    changedto: invalid,
    _default: special.longDescsCount,
  },
  'longdescs.isprivate': MULTI_SELECT,
  owner_idle_time: {
    greaterthan: special.ownerIdleTime,
    greaterthaneq: special.ownerIdleTime,
    lessthan: special.ownerIdleTime,
    lessthaneq: special.ownerIdleTime,
    _default: invalid,
  },
  product: { _non_changed: (args) => column(args, 'product') },
  tag: MULTI_SELECT,
  comment_tag: MULTI_SELECT,
  deadline: { _non_changed: special.deadline },
  percentage_complete: { _non_changed: special.percentageComplete },
  work_time: {
    changedby: special.workTimeChangedBy,
    changedbefore: special.workTimeChangedWhen,
    changedafter: special.workTimeChangedWhen,
    _default: special.workTime,
  },
  last_visit_ts: { _non_changed: special.lastVisitTs, _default: invalid },
  // BMO's own fields (BMO's Bugzilla/Search.pm), in the chart fields under the bmo profile only.
  bug_type: { _non_changed: bugTypeNonchanged },
  triage_owner: { _non_changed: triageOwnerNonchanged },
};

/** BMO's search_operator_field_override for each of its tracking flags. */
const TRACKING_FLAG: Override = { _non_changed: trackingFlagNonchanged };

/** Search.pm's OPERATOR_FIELD_OVERRIDE, by the type of a (custom) field. */
const BY_TYPE: Readonly<Record<number, Override>> = {
  [TYPE.freetext]: { _non_changed: special.nullable('') },
  [TYPE.bugId]: { _non_changed: special.nullable(0) },
  [TYPE.datetime]: { _non_changed: special.nullable('1970-01-01 00:00:00') },
  [TYPE.date]: { _non_changed: special.nullable('1970-01-01') },
  [TYPE.textarea]: { _non_changed: special.nullable('') },
  [TYPE.multiSelect]: MULTI_SELECT,
  [TYPE.bugUrls]: MULTI_SELECT,
};

/**
 * _long_desc_nonchanged and _flagtypes_nonchanged hand the empty operators to _multiselect_isempty with
 * "negated" set for isnotempty, which then reverses isnotempty back to isempty: in 5.2 both operators
 * ask for the empty case (no flag; an empty comment).
 */
function emptyInverted(args: ChartArgs): void {
  args.term = multiselectIsEmpty(args, args.operator === 'isnotempty');
}

function longDesc(args: ChartArgs): void {
  if (/^is(not)?empty$/.test(args.operator)) emptyInverted(args);
  else special.longDescNonchanged(args);
}

/** _product_nonchanged and the like: the name, compared as a column (5.2 sub-selects the ids). */
function column(args: ChartArgs, name: 'product' | 'component' | 'classification'): void {
  args.fullField = { kind: 'bug', column: name };
}

/** What `bugs.FIELD` is: the bug's column, a custom field's. */
function defaultOperand(args: { field: string; custom: boolean; type: number }): Operand {
  if (args.custom) return { kind: 'custom', name: args.field, type: args.type };
  return { kind: 'bug', column: args.field as 'short_desc' };
}

/** The user fields whose value may be a pronoun (SPECIAL_PARSING's _contact_pronoun). */
const PRONOUN_FIELDS = new Set([
  'assigned_to',
  'cc',
  'commenter',
  'qa_contact',
  'reporter',
  'setters.login_name',
  'requestees.login_name',
]);

/** SPECIAL_PARSING: what some fields do with the value first (pronouns, relative dates). */
function specialParsing(args: ChartArgs): void {
  const { field, fieldDef } = args;
  if (PRONOUN_FIELDS.has(field)) {
    contactPronoun(args);
  } else if (field === 'creation_ts' || field === 'delta_ts' || (fieldDef.custom && fieldDef.type === TYPE.datetime)) {
    translateDate(args, false);
  } else if (field === 'deadline' || (fieldDef.custom && fieldDef.type === TYPE.date)) {
    translateDate(args, true);
  } else if (field === 'last_visit_ts') {
    // _last_visit_datetime: a relative date, or %last_changed% for the bug's own last change.
    const given = args.value;
    translateDate(args, false);
    if (args.value === given && given === '%last_changed%') {
      args.value = 'bugs.delta_ts';
      args.quoted = { operand: { kind: 'bug', column: 'delta_ts' } };
    }
  }
}

/** _timestamp_translate: a relative date (`1d`, `-2w`, `now`) as SqlifyDate makes it; others stay. */
function translateDate(args: ChartArgs, dateOnly: boolean): void {
  if (!RELATIVE_DATE.test(args.value)) return;
  const when = sqlifyDate(args.value, args.context.now);
  args.value = dateOnly ? (when.split(/\s/)[0] as string) : when;
  args.quoted = args.value;
}

function pick(override: Override, operator: string): SearchFunction | undefined {
  return override[operator] ?? (!operator.includes('changed') ? override._non_changed : undefined) ?? override._default;
}

/** do_search_function: the field's override, by name then type, then the operator's own function. */
function doSearchFunction(args: ChartArgs): void {
  specialParsing(args);
  if (args.term !== undefined) return;
  const override =
    BY_FIELD[args.field] ??
    (args.field.startsWith('attachments.') ? BY_FIELD.attachments : undefined) ??
    (args.fieldDef.tracking ? TRACKING_FLAG : undefined) ??
    BY_TYPE[args.fieldDef.type];
  const found = override && pick(override, args.operator);
  if (found) found(args);
  if (args.term === undefined) doOperatorFunction(args);
  if (args.term === undefined) invalid(args);
}

/** The translation of one condition: its term (null: it asks nothing), joins and requirements. */
export interface Translated {
  term: Expr | null;
  joins: Array<[string, Join]>;
  required: Expr[];
  negate: boolean;
}

/**
 * Search.pm's _handle_chart: a condition missing a part, or whose value is empty, asks nothing; a field
 * 5.2 does not know is a code error (invalid_field_name); then the field's search function makes the term.
 */
export function translateCondition(
  context: SearchContext,
  chartId: string,
  sequence: number,
  condition: Condition,
): Translated | undefined {
  const { operator, value } = condition;
  if (condition.field === undefined || operator === undefined || value === undefined) return undefined;
  const field = OLD_FIELD_NAMES[condition.field] ?? condition.field;
  let allValues: string | string[];
  if (typeof value === 'string') {
    if (value === '') return undefined;
    allValues = value;
  } else {
    allValues = value.map((item) => item.replace(/^\s+|\s+$/g, '')).filter((item) => item !== '');
    if (allValues.length === 0) return undefined;
  }
  const fieldDef = context.fields.get(field);
  if (fieldDef === undefined) throw searchErrors.invalidFieldName(field);
  const text = typeof allValues === 'string' ? allValues : allValues.join(',');
  const args: ChartArgs = {
    context,
    chartId,
    sequence,
    field,
    fieldDef,
    operator,
    value: text,
    allValues,
    fullField: defaultOperand({ field, custom: fieldDef.custom, type: fieldDef.type }),
    quoted: text,
    joins: [],
    term: undefined,
    valueIsId: false,
    required: [],
    forceNegate: false,
  };
  args.quoted = quoteUnlessNumeric(args, text);
  doSearchFunction(args);
  return { term: args.term ?? null, joins: args.joins, required: args.required, negate: args.forceNegate };
}

/** Search.pm's FIELD_MAP, applied to a chart's field. */
const OLD_FIELD_NAMES: Readonly<Record<string, string>> = {
  'attachments.thedata': 'attach_data.thedata',
  bugidtype: 'bug_id_type',
  changedin: 'days_elapsed',
  long_desc: 'longdesc',
  tags: 'tag',
};
