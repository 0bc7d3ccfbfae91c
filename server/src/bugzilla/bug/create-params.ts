import { BugzillaError } from '../errors.js';
import { apiFieldName, FIELD_MAP } from '../field/bug-fields.js';
import { writeErrors } from './write-errors.js';

/**
 * What 5.2's Bug.create takes by Bugzilla's own names (Bug.pm create, after WebService::Bug's
 * map_fields): the bugs table's columns, and what create keeps apart from that row.
 */
const TAKEN = new Set([
  // the bugs table (Bugzilla/DB/Schema.pm); create sets or drops some of them itself
  'bug_id',
  'assigned_to',
  'bug_file_loc',
  'bug_severity',
  'bug_status',
  'creation_ts',
  'delta_ts',
  'short_desc',
  'op_sys',
  'priority',
  'product_id',
  'rep_platform',
  'reporter',
  'version',
  'component_id',
  'resolution',
  'target_milestone',
  'qa_contact',
  'status_whiteboard',
  'lastdiffed',
  'everconfirmed',
  'reporter_accessible',
  'cclist_accessible',
  'estimated_time',
  'remaining_time',
  'deadline',
  // turned into ids, other tables or the first comment
  'product',
  'component',
  'alias',
  'cc',
  'groups',
  'dependson',
  'blocked',
  'keywords',
  'comment',
  'comment_is_private',
  'see_also',
  // WebService::Bug::create takes the flags out before Bug->create
  'flags',
]);

/** The parameters of Bug.create by the API's names, as 5.2's map_fields reads them, and those 5.2 refuses. */
export interface CreateParams {
  params: Record<string, unknown>;
  /** The first name Bug->create does not take (Bugzilla's name: its 53 is thrown once the validators ran). */
  invalid: string | undefined;
}

/**
 * 5.2's map_fields for Bug.create: a name beginning with `_` is dropped, each API name is Bugzilla's
 * own (`creator` is `reporter`, which create then sets to the caller), and Bugzilla's own names are
 * taken as well (and what `takesOther` takes: the tracker's custom fields); the plan reads every field
 * by its API name.
 */
export function createParams(
  given: Readonly<Record<string, unknown>>,
  takesOther: (bugzillaName: string) => boolean = () => false,
): CreateParams {
  const params: Record<string, unknown> = {};
  let invalid: string | undefined;
  for (const name of Object.keys(given)) {
    if (name.startsWith('_')) continue;
    const bugzilla = FIELD_MAP[name] ?? name;
    if (bugzilla === 'dup_id') {
      // Its validator (Bug::_check_dup_id) reads a bug's fields from the class: Perl dies.
      throw writeErrors.wrongShape(
        `Can't use string ("Bugzilla::Bug") as a HASH ref while "strict refs" in use at Bugzilla/Bug.pm line 3433.\n`,
        name,
        'no dupe_of (a new bug is no duplicate)',
      );
    }
    if (!TAKEN.has(bugzilla) && !takesOther(bugzilla)) invalid ??= bugzilla;
    // FIELD_MAP's `commentprivacy` is an old name of comment_is_private, not its API name.
    const api = bugzilla === 'comment_is_private' ? bugzilla : apiFieldName(bugzilla);
    // The API's name wins over Bugzilla's own where both are given.
    if (api === name || !Object.hasOwn(params, api)) params[api] = given[name];
  }
  return { params, invalid };
}

export const invalidCreateParam = (name: string) =>
  new BugzillaError(53, `${name} is not a valid parameter for the Bugzilla::Bug::create function.`);
