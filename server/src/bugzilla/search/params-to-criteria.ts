import type { Catalogue } from '../catalogue/catalogue.js';
import { booleanCharts, customSearch } from './charts.js';
import { add, type Clause, clause, clauseGroup, condition, nonEmpty } from './criteria.js';
import { isSelect, type SearchField } from './search-fields.js';
import type { SearchParams } from './search-params.js';

/** Search.pm's FIELD_MAP: older names of parameters. */
const OLD_NAMES: Readonly<Record<string, string>> = {
  'attachments.thedata': 'attach_data.thedata',
  bugidtype: 'bug_id_type',
  changedin: 'days_elapsed',
  long_desc: 'longdesc',
  tags: 'tag',
};

/**
 * Search.pm's _params_to_data_structure: one clause (ANDed) of the form's fields (_special_charts), the
 * boolean charts and the custom search. The parameters are changed on the way, as 5.2 changes them.
 */
export function paramsToCriteria(
  params: SearchParams,
  fields: ReadonlyMap<string, SearchField>,
  catalogue: Catalogue,
): Clause {
  convertOldParams(params);
  specialParseStatus(params, catalogue);
  specialParseResolution(params, catalogue);
  const top = clause();
  add(top, basicFields(params, fields));
  add(top, emailCharts(params));
  add(top, changedCharts(params));
  add(top, deadlineCharts(params));
  add(top, booleanCharts(params));
  add(top, customSearch(params));
  return top;
}

function convertOldParams(params: SearchParams): void {
  const bugIdType = params.get('bugidtype');
  if (bugIdType !== undefined) params.set('bugidtype', bugIdType === 'exclude' ? 'nowords' : 'anyexact');
  for (const [old, name] of Object.entries(OLD_NAMES)) if (params.has(old)) params.rename(old, name);
}

const trim = (text: string) => text.replace(/^\s+|\s+$/g, '');

/** _special_parse_bug_status: `__open__`, `__closed__`, `__all__`; only legal statuses; all of them is none. */
function specialParseStatus(params: SearchParams, catalogue: Catalogue): void {
  if (!params.has('bug_status')) return;
  const type = params.get('bug_status_type');
  if (type !== undefined && type !== 'anyexact') return;
  const legal = catalogue.data.statuses;
  const asked = [...params.all('bug_status')];
  if (asked.includes('__open__')) asked.push(...legal.filter((s) => s.isOpen).map((s) => s.value));
  if (asked.includes('__closed__')) asked.push(...legal.filter((s) => !s.isOpen).map((s) => s.value));
  const unique = [...new Set(asked)];
  const all = unique.includes('__all__');
  const valid = unique.map(trim).filter((value) => legal.some((status) => status.value === value));
  if (all || valid.length === legal.length) params.delete('bug_status');
  else params.set('bug_status', valid);
}

/** _special_parse_resolution: only legal resolutions and `---`; all of them is none. */
function specialParseResolution(params: SearchParams, catalogue: Catalogue): void {
  if (!params.has('resolution')) return;
  const legal = catalogue.data.fieldValues.resolution;
  const valid = params
    .all('resolution')
    .map(trim)
    .filter((value) => value === '---' || legal.some((resolution) => resolution.value === value));
  if (valid.length === legal.length) params.delete('resolution');
}

/**
 * _parse_basic_fields: every field by its name (periods as underscores), its `NAME_type` operator
 * (anyexact by default, matches for content); a select's values as a list, another's joined by commas.
 */
function basicFields(params: SearchParams, fields: ReadonlyMap<string, SearchField>): Clause | undefined {
  const found = clause();
  for (const field of fields.values()) {
    const name = field.name.replace(/\./g, '_');
    const values = params.all(name);
    if (values.length === 0) continue;
    const operator = params.get(`${name}_type`) || (name === 'content' ? 'matches' : 'anyexact');
    const list = isSelect(field) || field.name === 'version' || field.name === 'target_milestone';
    add(found, condition(field.name, operator, list ? values : values.join(',')));
  }
  return nonEmpty(found);
}

/**
 * _special_parse_email: `emailN` (a login, `emailtypeN` its operator, anyexact by default, `exact` for
 * equals) in the roles `emailassigned_toN`, `emailreporterN`, `emailccN`, `emailqa_contactN` and
 * `emaillongdescN` (commenter) ask for: any of them.
 */
function emailCharts(params: SearchParams): Clause | undefined {
  const found = clause();
  for (const name of params.names()) {
    const id = /^email(\d+)$/.exec(name)?.[1];
    if (id === undefined) continue;
    const email = trim(params.get(name) ?? '');
    if (email === '' || email === '0') continue;
    let type = params.get(`emailtype${id}`) || 'anyexact';
    if (type === 'exact') type = 'equals';
    const roles = clause('OR');
    for (const field of ['assigned_to', 'reporter', 'cc', 'qa_contact']) {
      if (params.truthy(`email${field}${id}`)) add(roles, condition(field, type, email));
    }
    if (params.truthy(`emaillongdesc${id}`)) add(roles, condition('commenter', type, email));
    add(found, roles);
  }
  return nonEmpty(found);
}

/**
 * _special_parse_chfield: changes between `chfieldfrom` and `chfieldto` (to `chfieldvalue`) of the fields
 * `chfield` names (`[Bug creation]` is creation_ts), each in a group of its own; the last change time
 * from the `from` date too, and alone when only `chfieldto` is given.
 */
function changedCharts(params: SearchParams): Clause | undefined {
  const dateOf = (name: string) => {
    const value = trim((params.truthy(name) ? (params.get(name) as string) : '').toLowerCase());
    return value === 'now' ? '' : value;
  };
  const from = dateOf('chfieldfrom');
  let to = dateOf('chfieldto');
  const changed = params.all('chfield').map((field) => (field === '[Bug creation]' ? 'creation_ts' : field));
  const value = params.get('chfieldvalue') ?? '';
  if (from === '' && to === '' && value === '') return undefined;
  const found = clause();
  if (from !== '') add(found, condition('delta_ts', 'greaterthaneq', from));
  if (to !== '' && changed.length === 0 && value === '') add(found, condition('delta_ts', 'lessthaneq', to));
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(to)) to += ' 23:59:59';
  const anyField = clause('OR');
  for (const field of changed) {
    const group = clauseGroup();
    if (value !== '') add(group, condition(field, 'changedto', value));
    if (from !== '') add(group, condition(field, 'changedafter', from));
    if (to !== '') add(group, condition(field, 'changedbefore', to));
    add(anyField, group);
  }
  add(found, anyField);
  return nonEmpty(found);
}

/** _special_parse_deadline: `deadlinefrom`, `deadlineto`. */
function deadlineCharts(params: SearchParams): Clause | undefined {
  const found = clause();
  if (params.truthy('deadlinefrom')) add(found, condition('deadline', 'greaterthaneq', params.get('deadlinefrom')));
  if (params.truthy('deadlineto')) add(found, condition('deadline', 'lessthaneq', params.get('deadlineto')));
  return nonEmpty(found);
}
