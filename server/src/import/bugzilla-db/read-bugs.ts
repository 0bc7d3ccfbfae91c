import { formatBugzillaTime } from '@bz-companion/shared';
import type { CustomField, CustomValues } from '../../bugzilla/field/custom-field.js';
import type { SnapshotBug } from '../../bugzilla/store/snapshot.js';
import type { BugFlag } from '../../bugzilla/types.js';
import { readBugzillaCustomValues } from './read-custom-values.js';
import { flag, groupBy, nullableNum, num, type Row, text } from './rows.js';
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
 * The bugs with every field Bug.get answers from Bugzilla's own tables (as BUGZILLA_SQL reads them
 * when serving such a database): one query per table, each in bug order, joined here in one pass.
 */
export async function readBugzillaBugs(
  source: BugzillaSource,
  logins: ReadonlyMap<number, string>,
  groupNames: ReadonlyMap<number, string>,
  customFields: readonly CustomField[] = [],
): Promise<SnapshotBug[]> {
  const epoch = source.epoch;
  const [bugs, aliases, cc, groups, keywords, seeAlso, dependencies, duplicates, flags, custom] = await Promise.all([
    source.select(
      `SELECT b.bug_id, b.reporter, b.assigned_to, b.qa_contact, b.reporter_accessible, b.cclist_accessible,
         b.short_desc, b.bug_status, b.resolution, pr.name AS product, co.name AS component,
         cl.name AS classification, b.version, b.priority, b.bug_severity, b.op_sys, b.rep_platform,
         b.target_milestone, b.bug_file_loc, b.status_whiteboard, b.everconfirmed,
         ${epoch('b.creation_ts')} AS creation, ${epoch('b.delta_ts')} AS last_change
       FROM ${BUGS_FROM} ORDER BY b.bug_id`,
    ),
    source.select('SELECT bug_id, alias FROM bugs_aliases ORDER BY bug_id, alias'),
    source.select('SELECT bug_id, who FROM cc ORDER BY bug_id, who'),
    source.select('SELECT bug_id, group_id FROM bug_group_map ORDER BY bug_id'),
    source.select(
      'SELECT k.bug_id, kd.name FROM keywords k JOIN keyworddefs kd ON kd.id = k.keywordid ORDER BY k.bug_id, kd.name',
    ),
    source.select('SELECT bug_id, value, class FROM bug_see_also ORDER BY bug_id, id'),
    source.select('SELECT blocked, dependson FROM dependencies ORDER BY blocked, dependson'),
    source.select('SELECT dupe, dupe_of FROM duplicates'),
    source.select(`${flagsSelect(source)} WHERE f.attach_id IS NULL ORDER BY f.bug_id, f.id`),
    readBugzillaCustomValues(source, customFields),
  ]);
  const related: Related = {
    aliases: groupBy(aliases, 'bug_id', (row) => text(row.alias)),
    cc: groupBy(cc, 'bug_id', (row) => num(row.who)),
    groups: groupBy(groups, 'bug_id', (row) => groupNames.get(num(row.group_id)) ?? ''),
    keywords: groupBy(keywords, 'bug_id', (row) => text(row.name)),
    seeAlso: groupBy(seeAlso, 'bug_id', (row) => ({ value: text(row.value), class: text(row.class) })),
    dependsOn: groupBy(dependencies, 'blocked', (row) => num(row.dependson)),
    blocks: groupBy(dependencies, 'dependson', (row) => num(row.blocked)),
    dupeOf: new Map(duplicates.map((row) => [num(row.dupe), num(row.dupe_of)])),
    flags: groupBy(flags, 'bug_id', (row) => bugFlag(row, logins)),
    custom,
  };
  return bugs.map((row) => snapshotBug(row, related));
}

/** Each bug's rows of the other tables, by bug id. */
interface Related {
  aliases: Map<number, string[]>;
  cc: Map<number, number[]>;
  groups: Map<number, string[]>;
  keywords: Map<number, string[]>;
  seeAlso: Map<number, Array<{ value: string; class: string }>>;
  dependsOn: Map<number, number[]>;
  blocks: Map<number, number[]>;
  dupeOf: Map<number, number>;
  flags: Map<number, BugFlag[]>;
  custom: Map<number, CustomValues>;
}

function snapshotBug(row: Row, related: Related): SnapshotBug {
  const id = num(row.bug_id);
  const lastChange = num(row.last_change);
  const custom = related.custom.get(id);
  return {
    id,
    alias: related.aliases.get(id) ?? [],
    reporter_id: someone(row.reporter),
    assigned_to_id: someone(row.assigned_to),
    qa_contact_id: someone(row.qa_contact),
    cc_ids: related.cc.get(id) ?? [],
    groups: (related.groups.get(id) ?? []).filter((name) => name !== '').sort(),
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
      keywords: related.keywords.get(id) ?? [],
      see_also: (related.seeAlso.get(id) ?? []).map((row) => row.value),
      ...seeAlsoClasses(related.seeAlso.get(id) ?? []),
      blocks: related.blocks.get(id)?.sort((a, b) => a - b) ?? [],
      depends_on: related.dependsOn.get(id) ?? [],
      dupe_of: related.dupeOf.get(id) ?? null,
      is_confirmed: flag(row.everconfirmed),
      flags: related.flags.get(id) ?? [],
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
     ${source.epoch('f.creation_date')} AS created, ${source.epoch('f.modification_date')} AS modified
   FROM flags f JOIN flagtypes ft ON ft.id = f.type_id`;

/** A flags row (of a bug or an attachment) as Bug.get and Bug.attachments list it. */
export function bugFlag(row: Row, logins: ReadonlyMap<number, string>): BugFlag {
  const requestee = someone(row.requestee_id);
  const created = apiTime(row.created);
  return {
    id: num(row.id),
    name: text(row.name),
    type_id: num(row.type_id),
    status: text(row.status),
    setter: logins.get(num(row.setter_id)) ?? '',
    ...(requestee === null ? {} : { requestee: logins.get(requestee) ?? '' }),
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
