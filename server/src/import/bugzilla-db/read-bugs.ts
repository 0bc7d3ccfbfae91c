import { formatBugzillaTime } from '@bz-companion/shared';
import type { CustomField, CustomValues } from '../../bugzilla/field/custom-field.js';
import type { SnapshotBug } from '../../bugzilla/store/snapshot.js';
import type { BugFlag } from '../../bugzilla/types.js';
import { readBugzillaHistory } from './read-activity.js';
import { readBugzillaCustomValues } from './read-custom-values.js';
import { addTrackingValues } from './read-tracking-flags.js';
import { flag, groupBy, type IdRange, nullableNum, num, type Row, text } from './rows.js';
import type { BugzillaSource } from './source.js';

const BUGS_FROM = `bugs b LEFT JOIN products pr ON pr.id = b.product_id LEFT JOIN components co ON co.id = b.component_id
  LEFT JOIN classifications cl ON cl.id = pr.classification_id`;

/** A user id of Bugzilla's, where 0 or NULL means nobody (older rows used 0 for "no QA contact"). */
const someone = (value: unknown): number | null => {
  const id = nullableNum(value);
  return id === null || id === 0 ? null : id;
};

const apiTime = (seconds: unknown) => formatBugzillaTime(num(seconds) * 1000);

/**
 * The bugs of one id range with every field Bug.get answers from Bugzilla's own tables (as
 * BUGZILLA_SQL reads them when serving such a database), and their history: one query per table,
 * each on its bug_id index and in bug order, joined here in one pass. A table more is a row of
 * RELATED (a custom field's table, say).
 */
export async function readBugzillaBugs(
  source: BugzillaSource,
  groupNames: ReadonlyMap<number, string>,
  range: IdRange,
  customFields: readonly CustomField[] = [],
): Promise<SnapshotBug[]> {
  const within = (column: string) => `${column} BETWEEN ${range.from} AND ${range.to}`;
  const epoch = source.epoch;
  const [bugs, history, custom, ...rows] = await Promise.all([
    source.select(
      `SELECT b.bug_id, b.reporter, b.assigned_to, b.qa_contact, b.reporter_accessible, b.cclist_accessible,
         b.short_desc, b.bug_status, b.resolution, pr.name AS product, co.name AS component,
         cl.name AS classification, b.version, b.priority, b.bug_severity, b.op_sys, b.rep_platform,
         b.target_milestone, b.bug_file_loc, b.status_whiteboard, b.everconfirmed,
         ${epoch('b.creation_ts')} AS creation, ${epoch('b.delta_ts')} AS last_change
       FROM ${BUGS_FROM} WHERE ${within('b.bug_id')} ORDER BY b.bug_id`,
    ),
    readBugzillaHistory(source, within('a.bug_id')),
    customValuesOf(source, customFields, within),
    ...RELATED.map((table) => source.select(table.select(source, within))),
  ]);
  const related = new Map<string, Map<number, unknown[]>>();
  RELATED.forEach((table, i) => {
    related.set(
      table.name,
      groupBy(rows[i] ?? [], table.key, (row) => table.value(row, groupNames)),
    );
  });
  return bugs.map((row) => {
    const bug = snapshotBug(row, related, custom.get(num(row.bug_id)));
    const sets = history.get(bug.id);
    if (sets) bug.history = sets;
    return bug;
  });
}

/** The custom values of the bugs `within` picks: from `bugs` and a field's table, a tracking flag's from BMO's. */
async function customValuesOf(
  source: BugzillaSource,
  customFields: readonly CustomField[],
  within: (column: string) => string,
): Promise<Map<number, CustomValues>> {
  const values = await readBugzillaCustomValues(
    source,
    customFields.filter((field) => !field.tracking),
    within,
  );
  await addTrackingValues(
    source,
    customFields.filter((field) => field.tracking),
    within,
    values,
  );
  return values;
}

/** A table of bugs' rows: how to select those of a range, which column names the bug, and each row's value. */
interface RelatedTable {
  name: keyof Related;
  select: (source: BugzillaSource, within: (column: string) => string) => string;
  key: string;
  value: (row: Row, groupNames: ReadonlyMap<number, string>) => unknown;
}

const RELATED: readonly RelatedTable[] = [
  {
    name: 'aliases',
    select: (_, within) => `SELECT bug_id, alias FROM bugs_aliases WHERE ${within('bug_id')} ORDER BY bug_id, alias`,
    key: 'bug_id',
    value: (row) => text(row.alias),
  },
  {
    name: 'cc',
    select: (_, within) => `SELECT bug_id, who FROM cc WHERE ${within('bug_id')} ORDER BY bug_id, who`,
    key: 'bug_id',
    value: (row) => num(row.who),
  },
  {
    name: 'groups',
    select: (_, within) => `SELECT bug_id, group_id FROM bug_group_map WHERE ${within('bug_id')} ORDER BY bug_id`,
    key: 'bug_id',
    value: (row, groupNames) => groupNames.get(num(row.group_id)) ?? '',
  },
  {
    name: 'keywords',
    select: (_, within) =>
      `SELECT k.bug_id, kd.name FROM keywords k JOIN keyworddefs kd ON kd.id = k.keywordid
       WHERE ${within('k.bug_id')} ORDER BY k.bug_id, kd.name`,
    key: 'bug_id',
    value: (row) => text(row.name),
  },
  {
    name: 'seeAlso',
    select: (_, within) =>
      `SELECT bug_id, value, class FROM bug_see_also WHERE ${within('bug_id')} ORDER BY bug_id, id`,
    key: 'bug_id',
    value: (row) => ({ value: text(row.value), class: text(row.class) }),
  },
  {
    name: 'dependsOn',
    select: (_, within) =>
      `SELECT blocked, dependson FROM dependencies WHERE ${within('blocked')} ORDER BY blocked, dependson`,
    key: 'blocked',
    value: (row) => num(row.dependson),
  },
  {
    name: 'blocks',
    select: (_, within) =>
      `SELECT blocked, dependson FROM dependencies WHERE ${within('dependson')} ORDER BY dependson, blocked`,
    key: 'dependson',
    value: (row) => num(row.blocked),
  },
  {
    name: 'dupeOf',
    select: (_, within) => `SELECT dupe, dupe_of FROM duplicates WHERE ${within('dupe')}`,
    key: 'dupe',
    value: (row) => num(row.dupe_of),
  },
  {
    name: 'flags',
    select: (source, within) =>
      `${flagsSelect(source)} WHERE f.attach_id IS NULL AND ${within('f.bug_id')} ORDER BY f.bug_id, f.id`,
    key: 'bug_id',
    value: (row) => bugFlag(row),
  },
];

/** Each bug's rows of the other tables, by bug id. */
interface Related {
  aliases: string[];
  cc: number[];
  groups: string[];
  keywords: string[];
  seeAlso: Array<{ value: string; class: string }>;
  dependsOn: number[];
  blocks: number[];
  dupeOf: number[];
  flags: BugFlag[];
}

function snapshotBug(
  row: Row,
  rows: ReadonlyMap<string, Map<number, unknown[]>>,
  custom: CustomValues | undefined,
): SnapshotBug {
  const id = num(row.bug_id);
  const of = <K extends keyof Related>(name: K): Related[K] | undefined =>
    rows.get(name)?.get(id) as Related[K] | undefined;
  const lastChange = num(row.last_change);
  return {
    id,
    alias: of('aliases') ?? [],
    reporter_id: someone(row.reporter),
    assigned_to_id: someone(row.assigned_to),
    qa_contact_id: someone(row.qa_contact),
    cc_ids: of('cc') ?? [],
    groups: (of('groups') ?? []).filter((name) => name !== '').sort(),
    reporter_accessible: flag(row.reporter_accessible),
    cclist_accessible: flag(row.cclist_accessible),
    fields: {
      summary: text(row.short_desc),
      status: text(row.bug_status),
      resolution: text(row.resolution),
      product: text(row.product),
      component: text(row.component),
      version: text(row.version),
      priority: text(row.priority),
      severity: text(row.bug_severity),
      op_sys: text(row.op_sys),
      platform: text(row.rep_platform),
      classification: text(row.classification),
      target_milestone: text(row.target_milestone),
      url: text(row.bug_file_loc),
      whiteboard: text(row.status_whiteboard),
      keywords: of('keywords') ?? [],
      see_also: (of('seeAlso') ?? []).map((row) => row.value),
      ...seeAlsoClasses(of('seeAlso') ?? []),
      blocks: of('blocks')?.sort((a, b) => a - b) ?? [],
      depends_on: of('dependsOn') ?? [],
      dupe_of: of('dupeOf')?.[0] ?? null,
      is_confirmed: flag(row.everconfirmed),
      flags: of('flags') ?? [],
      // creation_ts may be NULL in Bugzilla's schema (a bug never finished being filed).
      creation_time: row.creation === null ? lastChange : num(row.creation),
      last_change_time: lastChange,
      ...(custom ? { custom } : {}),
    },
  };
}

/** The flags rows with their type's name and times; a WHERE says whose. */
export const flagsSelect = (source: BugzillaSource) =>
  `SELECT f.id, f.bug_id, f.attach_id, f.type_id, ft.name, f.status, f.setter_id, f.requestee_id,
     setter.login_name AS setter_login, requestee.login_name AS requestee_login,
     ${source.epoch('f.creation_date')} AS created, ${source.epoch('f.modification_date')} AS modified
   FROM flags f JOIN flagtypes ft ON ft.id = f.type_id
     LEFT JOIN profiles setter ON setter.userid = f.setter_id
     LEFT JOIN profiles requestee ON requestee.userid = f.requestee_id`;

/** A flags row (of a bug or an attachment) as Bug.get and Bug.attachments list it. */
export function bugFlag(row: Row): BugFlag {
  const requestee = someone(row.requestee_id);
  const created = apiTime(row.created);
  return {
    id: num(row.id),
    name: text(row.name),
    type_id: num(row.type_id),
    status: text(row.status),
    setter: text(row.setter_login),
    ...(requestee === null ? {} : { requestee: text(row.requestee_login) }),
    creation_date: created,
    modification_date: row.modified === null ? created : apiTime(row.modified),
  };
}

/** The classes Bugzilla keeps beside its See Also values (bug_see_also.class), by value, where it has one. */
function seeAlsoClasses(rows: ReadonlyArray<{ value: string; class: string }>): {
  see_also_class?: Record<string, string>;
} {
  const known = rows.filter((row) => row.class !== '');
  return known.length === 0 ? {} : { see_also_class: Object.fromEntries(known.map((row) => [row.value, row.class])) };
}
