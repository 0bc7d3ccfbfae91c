/** A standard field of 5.2 (`fielddefs`): its id, name, display name, type and whether a new bug needs it. */
export interface StandardField {
  id: number;
  name: string;
  displayName: string;
  type: number;
  isMandatory: boolean;
}

/**
 * The 59 fields of a 5.2 without custom fields, in `fielddefs` order (Bugzilla::Field::DEFAULT_FIELDS,
 * numbered as checksetup.pl creates them), as Bug.fields lists them.
 */
const FIELDS: ReadonlyArray<readonly [number, string, string, number, true?]> = [
  [1, 'bug_id', 'Bug #', 0],
  [2, 'short_desc', 'Summary', 0, true],
  [3, 'classification', 'Classification', 2],
  [4, 'product', 'Product', 2, true],
  [5, 'version', 'Version', 0, true],
  [6, 'rep_platform', 'Platform', 2],
  [7, 'bug_file_loc', 'URL', 0],
  [8, 'op_sys', 'OS/Version', 2],
  [9, 'bug_status', 'Status', 2],
  [10, 'status_whiteboard', 'Status Whiteboard', 0],
  [11, 'keywords', 'Keywords', 8],
  [12, 'resolution', 'Resolution', 2],
  [13, 'bug_severity', 'Severity', 2],
  [14, 'priority', 'Priority', 2],
  [15, 'component', 'Component', 2, true],
  [16, 'assigned_to', 'AssignedTo', 0],
  [17, 'reporter', 'ReportedBy', 0],
  [18, 'qa_contact', 'QAContact', 0],
  [19, 'assigned_to_realname', 'AssignedToName', 0],
  [20, 'reporter_realname', 'ReportedByName', 0],
  [21, 'qa_contact_realname', 'QAContactName', 0],
  [22, 'cc', 'CC', 0],
  [23, 'dependson', 'Depends on', 0],
  [24, 'blocked', 'Blocks', 0],
  [25, 'attachments.description', 'Attachment description', 0],
  [26, 'attachments.filename', 'Attachment filename', 0],
  [27, 'attachments.mimetype', 'Attachment mime type', 0],
  [28, 'attachments.ispatch', 'Attachment is patch', 0],
  [29, 'attachments.isobsolete', 'Attachment is obsolete', 0],
  [30, 'attachments.isprivate', 'Attachment is private', 0],
  [31, 'attachments.submitter', 'Attachment creator', 0],
  [32, 'target_milestone', 'Target Milestone', 0],
  [33, 'creation_ts', 'Creation date', 0],
  [34, 'delta_ts', 'Last changed date', 0],
  [35, 'longdesc', 'Comment', 0],
  [36, 'longdescs.isprivate', 'Comment is private', 0],
  [37, 'longdescs.count', 'Number of Comments', 0],
  [38, 'alias', 'Alias', 0],
  [39, 'everconfirmed', 'Ever Confirmed', 0],
  [40, 'reporter_accessible', 'Reporter Accessible', 0],
  [41, 'cclist_accessible', 'CC Accessible', 0],
  [42, 'bug_group', 'Group', 0],
  [43, 'estimated_time', 'Estimated Hours', 0],
  [44, 'remaining_time', 'Remaining Hours', 0],
  [45, 'deadline', 'Deadline', 5],
  [46, 'commenter', 'Commenter', 0],
  [47, 'flagtypes.name', 'Flags', 0],
  [48, 'requestees.login_name', 'Flag Requestee', 0],
  [49, 'setters.login_name', 'Flag Setter', 0],
  [50, 'work_time', 'Hours Worked', 0],
  [51, 'percentage_complete', 'Percentage Complete', 0],
  [52, 'content', 'Content', 0],
  [53, 'attach_data.thedata', 'Attachment data', 0],
  [54, 'owner_idle_time', 'Time Since Assignee Touched', 0],
  [55, 'see_also', 'See Also', 7],
  [56, 'tag', 'Personal Tags', 8],
  [57, 'last_visit_ts', 'Last Visit', 5],
  [58, 'comment_tag', 'Comment Tag', 0],
  [59, 'days_elapsed', 'Days since bug changed', 0],
];

export const STANDARD_FIELDS: readonly StandardField[] = FIELDS.map(([id, name, displayName, type, mandatory]) => ({
  id,
  name,
  displayName,
  type,
  isMandatory: mandatory === true,
}));

/** Fields whose values belong to a product (Bugzilla::Constants PRODUCT_SPECIFIC_FIELDS). */
export const PRODUCT_SPECIFIC_FIELDS: ReadonlySet<string> = new Set(['version', 'target_milestone', 'component']);

/** Select fields Bug.legal_values answers from their own table (5.2's non-abnormal selects). */
export const GLOBAL_SELECTS: ReadonlySet<string> = new Set([
  'rep_platform',
  'op_sys',
  'bug_status',
  'resolution',
  'bug_severity',
  'priority',
]);

/** The API's names of fields that Bugzilla's own names differ from (Bugzilla::Bug FIELD_MAP): the one map, read both ways. */
export const FIELD_MAP: Readonly<Record<string, string>> = {
  blocks: 'blocked',
  commentprivacy: 'comment_is_private',
  creation_time: 'creation_ts',
  creator: 'reporter',
  description: 'comment',
  depends_on: 'dependson',
  dupe_of: 'dup_id',
  id: 'bug_id',
  is_confirmed: 'everconfirmed',
  is_cc_accessible: 'cclist_accessible',
  is_creator_accessible: 'reporter_accessible',
  last_change_time: 'delta_ts',
  platform: 'rep_platform',
  severity: 'bug_severity',
  status: 'bug_status',
  summary: 'short_desc',
  url: 'bug_file_loc',
  whiteboard: 'status_whiteboard',
};

/**
 * The API's name of a field by Bugzilla's own (bugs_activity, fielddefs, Bug->update's changes): FIELD_MAP
 * reversed, and `bug_group` is `groups`, as 5.2's Bug.history and Bug.update answer them (WebService/Bug.pm).
 */
const API_NAMES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(FIELD_MAP).map(([api, bugzilla]) => [bugzilla, api] as const),
  ['bug_group', 'groups'],
]);

export const apiFieldName = (field: string): string => API_NAMES.get(field) ?? field;
