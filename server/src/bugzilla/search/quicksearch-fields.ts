import { STANDARD_FIELDS } from '../field/bug-fields.js';

/** What a quicksearch reads of the tracker's catalogue. */
export interface QuicksearchCatalogue {
  /** The active statuses by sortkey, and which are open (get_legal_field_values, is_open_state). */
  statuses: ReadonlyArray<{ value: string; isOpen: boolean }>;
  /** The active resolutions by sortkey, the empty one too. */
  resolutions: readonly string[];
  /** The active priorities by sortkey. */
  priorities: readonly string[];
  /** Every keyword's name (Bugzilla::Keyword->get_all). */
  keywords: readonly string[];
  /** The names of the custom fields that are not obsolete. */
  customFields: readonly string[];
}

/** Quicksearch.pm's MAPPINGS: the short names of fields. */
const MAPPINGS: Readonly<Record<string, string>> = {
  status: 'bug_status',
  platform: 'rep_platform',
  os: 'op_sys',
  severity: 'bug_severity',
  assignee: 'assigned_to',
  owner: 'assigned_to',
  milestone: 'target_milestone',
  summary: 'short_desc',
  description: 'longdesc',
  comment: 'longdesc',
  url: 'bug_file_loc',
  whiteboard: 'status_whiteboard',
  sw: 'status_whiteboard',
  kw: 'keywords',
  group: 'bug_group',
  flag: 'flagtypes.name',
  requestee: 'requestees.login_name',
  setter: 'setters.login_name',
  attachment: 'attachments.description',
  attachmentdesc: 'attachments.description',
  attachdesc: 'attachments.description',
  attachmentdata: 'attach_data.thedata',
  attachdata: 'attach_data.thedata',
  attachmentmimetype: 'attachments.mimetype',
  attachmimetype: 'attachments.mimetype',
};

/** Field names Quicksearch.pm leaves to MAPPINGS (so that `rep`, `stat` … are not ambiguous). */
const NOT_BY_OWN_NAME = new Set([
  'rep_platform',
  'bug_status',
  'bug_file_loc',
  'bug_group',
  'bug_severity',
  'status_whiteboard',
  'cclist_accessible',
  'reporter_accessible',
]);

/** Quicksearch.pm's FIELD_MAP: MAPPINGS and every field without a period by its own name. */
export function quicksearchFieldMap(customFields: readonly string[]): ReadonlyMap<string, string> {
  const map = new Map(Object.entries(MAPPINGS));
  for (const name of [...STANDARD_FIELDS.map((field) => field.name), ...customFields]) {
    if (!name.includes('.') && !NOT_BY_OWN_NAME.has(name)) map.set(name, name);
  }
  return map;
}

/**
 * Quicksearch.pm's _translate_field_name: a name, its only prefix match, or a custom field by its
 * name without `cf_`; a list of the names it matches when several; undefined when none.
 */
export function translateFieldName(typed: string, map: ReadonlyMap<string, string>): string | string[] | undefined {
  const field = typed.toLowerCase();
  const exact = map.get(field);
  if (exact !== undefined) return exact;
  // Matches that are the same field count once (`assi` finds assignee and assigned_to).
  const byTarget = new Map<string, string>();
  for (const [name, target] of map) if (name.startsWith(field)) byTarget.set(target, name);
  const matches = [...byTarget.values()];
  if (matches.length === 1) return map.get(matches[0] as string);
  if (matches.length > 1) return matches;
  const cfless = new Map<string, string>();
  for (const name of map.keys()) {
    if (!name.startsWith('cf_')) continue;
    const short = name.slice(3);
    if (short === field) return map.get(name);
    cfless.set(short, name);
  }
  const cfMatches = [...cfless.keys()].filter((short) => short.startsWith(field));
  if (cfMatches.length === 1) return map.get(cfless.get(cfMatches[0] as string) as string);
  return undefined;
}
