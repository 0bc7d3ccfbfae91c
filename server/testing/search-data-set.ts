import { readFileSync } from 'node:fs';
import { apiFieldName } from '../src/bugzilla/field/bug-fields.js';
import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import { type Fixture, snapshotFromFixture } from '../src/import/fixture/fixture.js';
import { BUGZILLA_52_DIR } from './bugzilla-5.2-fixture.js';
import { searchDataSetCustomFields } from './search-data-set-fixture.js';

/*
 * The search data set (test-data/bugzilla-5.2/search-data-set.json, search-data-set.md): 60 bugs made by
 * a real 5.2, which search.json's answers start from. As a store's content here; as a Bugzilla database's
 * tables in search-data-set-bugzilla.ts.
 */

type Row = Record<string, unknown>;
export interface SearchDataSet {
  activity: Array<Row & { bug_id: number; who: string; when: string; field: string; removed: string; added: string }>;
  attachments: Array<Row & { id: number; bug_id: number }>;
  bugs: Array<Row & { id: number }>;
  classifications: Array<{ id: number; name: string; description: string; sortkey: number }>;
  comment_tags: Array<{ comment_id: number; bug_id: number; tag: string }>;
  comments: Array<Row & { id: number; bug_id: number; author: string; time: string; text: string; type: number }>;
  custom_fields: Row & { bug_values: Record<string, Row> };
  flag_types: Array<Row & { id: number; name: string; target_type: 'bug' | 'attachment' }>;
  flags: Array<Row & { id: number; bug_id: number; attach_id: number | null }>;
  groups: Array<{
    id: number;
    name: string;
    description: string;
    isbuggroup: number;
    userregexp: string;
    isactive: number;
  }>;
  keywords: Array<{ id: number; name: string; description: string }>;
  last_visits: Array<{ bug_id: number; user: string; last_visit_ts: string }>;
  parameters: Record<string, string>;
  products: Array<Row & { id: number; name: string; components: Array<Row & { id: number; name: string }> }>;
  select_values: Record<
    string,
    Array<{ id: number; value: string; sortkey: number; is_active: boolean; is_open?: boolean }>
  >;
  tags: Array<{ id: number; user: string; name: string; bugs: number[] }>;
  users: Array<{
    id: number;
    login: string;
    real_name: string;
    disabled_text: string;
    api_keys: string[];
    groups: string[];
  }>;
  workflow: Array<{ old_status: string | null; new_status: string; require_comment: boolean }>;
}

export function readSearchDataSet(): SearchDataSet {
  return JSON.parse(readFileSync(`${BUGZILLA_52_DIR}search-data-set.json`, 'utf8')) as SearchDataSet;
}

const BUG_FIELDS = ['summary', 'status', 'resolution', 'product', 'component', 'classification', 'version', 'priority'];
const MORE_FIELDS = ['severity', 'op_sys', 'platform', 'target_milestone', 'url', 'whiteboard', 'keywords', 'see_also'];

function fixtureOf(data: SearchDataSet): Fixture {
  const fixtureBugs = data.bugs.map((bug) => {
    const fields = Object.fromEntries([...BUG_FIELDS, ...MORE_FIELDS].map((name) => [name, bug[name]]));
    return {
      id: bug.id,
      alias: bug.aliases,
      reporter: bug.reporter,
      assigned_to: bug.assigned_to,
      qa_contact: bug.qa_contact ?? null,
      cc: bug.cc,
      groups: bug.groups,
      reporter_accessible: bug.reporter_accessible,
      cclist_accessible: bug.cclist_accessible,
      ...fields,
      blocks: bug.blocks,
      depends_on: bug.depends_on,
      dupe_of: bug.dupe_of,
      is_confirmed: bug.is_confirmed,
      creation_time: bug.creation_time,
      last_change_time: bug.last_change_time,
      flags: data.flags.filter((flag) => flag.bug_id === bug.id && flag.attach_id === null).map(fixtureFlag),
      comments: data.comments
        .filter((comment) => comment.bug_id === bug.id)
        .map((comment) => ({
          id: comment.id,
          author: comment.author,
          time: comment.time,
          text: comment.text,
          is_private: comment.is_private,
          ...(comment.type === 5 || comment.type === 6 ? { type: comment.type, extra_data: comment.extra_data } : {}),
          tags: data.comment_tags.filter((tag) => tag.comment_id === comment.id).map((tag) => tag.tag),
        })),
      history: historyOf(bug.id, data),
      ...data.custom_fields.bug_values[String(bug.id)],
    };
  });
  return {
    instance: { version: '5.2', extensions: {}, parameters: { ...data.parameters, maintainer: 'admin@example.com' } },
    groups: data.groups.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      is_bug_group: group.isbuggroup === 1,
      user_regexp: group.userregexp,
      is_active: group.isactive === 1,
    })),
    users: [...data.users]
      .sort((a, b) => a.id - b.id)
      .map((user) => ({
        login: user.login,
        real_name: user.real_name,
        groups: user.groups,
        api_keys: user.api_keys,
        ...(user.disabled_text ? { disabled: true, disabled_text: user.disabled_text } : {}),
      })),
    custom_fields: searchDataSetCustomFields(data) as NonNullable<Fixture['custom_fields']>,
    bugs: fixtureBugs as NonNullable<Fixture['bugs']>,
    last_visits: data.last_visits,
    attachments: data.attachments.map((attachment) => ({
      id: attachment.id,
      bug_id: attachment.bug_id,
      file_name: attachment.file_name,
      summary: attachment.summary,
      content_type: attachment.content_type,
      creator: attachment.creator,
      creation_time: attachment.creation_time,
      last_change_time: attachment.last_change_time,
      is_patch: attachment.is_patch,
      is_obsolete: attachment.is_obsolete,
      is_private: attachment.is_private,
      data: attachment.data,
      flags: data.flags.filter((flag) => flag.attach_id === attachment.id).map(fixtureFlag),
    })) as NonNullable<Fixture['attachments']>,
    ...catalogueOf(data),
  } as Fixture;
}

function fixtureFlag(flag: Row) {
  return {
    id: flag.id,
    name: flag.name,
    type_id: flag.type_id,
    status: flag.status,
    setter: flag.setter,
    requestee: flag.requestee,
    creation_date: flag.creation_date,
    modification_date: flag.modification_date,
  };
}

function historyOf(bugId: number, data: SearchDataSet) {
  const sets: Array<{ who: string; when: string; changes: Row[] }> = [];
  for (const row of data.activity.filter((activity) => activity.bug_id === bugId)) {
    const last = sets[sets.length - 1];
    const change = {
      field_name: apiFieldName(row.field),
      removed: row.removed,
      added: row.added,
      ...(row.comment_id === null || row.comment_id === undefined ? {} : { comment_id: row.comment_id }),
    };
    if (last && last.who === row.who && last.when === row.when) last.changes.push(change);
    else sets.push({ who: row.who, when: row.when, changes: [change] });
  }
  return sets;
}

/** The catalogue sections of the fixture, from the data set's tables. */
function catalogueOf(data: SearchDataSet): Partial<Fixture> {
  const values = (name: string) =>
    (data.select_values[name] ?? []).map((value) => ({
      id: value.id,
      name: value.value,
      sort_key: value.sortkey,
      is_active: value.is_active,
      ...(value.is_open === undefined ? {} : { is_open: value.is_open }),
    }));
  return {
    classifications: data.classifications.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      sort_key: c.sortkey,
    })),
    field_values: {
      priority: values('priority'),
      bug_severity: values('bug_severity'),
      op_sys: values('op_sys'),
      rep_platform: values('rep_platform'),
      resolution: values('resolution'),
      bug_status: values('bug_status'),
    },
    workflow: data.workflow.map((w) => ({ from: w.old_status, to: w.new_status, require_comment: w.require_comment })),
    keywords: data.keywords.map((k) => ({ id: k.id, name: k.name, description: k.description })),
    products: data.products.map((product) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      classification: product.classification,
      is_open: product.is_open,
      has_unconfirmed: product.allows_unconfirmed,
      default_milestone: product.default_milestone,
      components: product.components.map((component) => ({
        id: component.id,
        name: component.name,
        description: component.description,
        default_assignee: component.default_assignee,
        default_qa_contact: component.default_qa_contact,
        default_cc: component.default_cc,
        is_open: component.is_active,
      })),
      versions: (product.versions as Row[]).map((v) => ({ name: v.name, is_active: v.is_active })),
      milestones: (product.milestones as Row[]).map((m) => ({
        name: m.name,
        sort_key: m.sortkey,
        is_active: m.is_active,
      })),
      group_controls: (product.group_controls as Row[]).map((control) => ({
        group: control.group,
        entry: control.entry === 1,
        member_control: CONTROLS[control.membercontrol as number],
        other_control: CONTROLS[control.othercontrol as number],
        canedit: control.canedit === 1,
      })),
    })),
    flag_types: data.flag_types.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      target_type: type.target_type,
      is_active: type.is_active,
      is_requestable: type.is_requestable,
      is_requesteeble: type.is_requesteeble,
      is_multiplicable: type.is_multiplicable,
      sort_key: type.sortkey,
      grant_group: type.grant_group,
      request_group: type.request_group,
    })),
  } as Partial<Fixture>;
}

const CONTROLS = ['na', 'shown', 'default', 'mandatory'] as const;

/**
 * The data set as a store's content: the fixture's sections, and what a fixture cannot say set on the
 * snapshot (time tracking, personal tags, the raw text and type of duplicate notices).
 */
export function searchDataSetSnapshot(): StoreSnapshot {
  const data = readSearchDataSet();
  const snapshot = snapshotFromFixture(fixtureOf(data));
  const byId = new Map(data.bugs.map((bug) => [bug.id, bug]));
  for (const bug of snapshot.bugs) {
    const given = byId.get(bug.id);
    if (!given || !bug.fields) continue;
    if (given.deadline) bug.fields.deadline = given.deadline as string;
    for (const name of ['estimated_time', 'remaining_time', 'actual_time'] as const) {
      if (typeof given[name] === 'number') bug.fields[name] = given[name] as number;
    }
  }
  // Duplicate notices (types 1 and 2) as 5.2 stores them, which is what its comment searches read: the
  // fixture format keeps only the rendered text of those, and no type.
  const comments = new Map(data.comments.map((comment) => [comment.id, comment]));
  for (const comment of snapshot.comments ?? []) {
    const given = comments.get(comment.id as number);
    if (given && (given.type === 1 || given.type === 2)) {
      comment.type = given.type;
      comment.extra_data = String(given.extra_data);
    }
  }
  const userIds = new Map(snapshot.users.map((user) => [user.login, user.id as number]));
  snapshot.personal_tags = [];
  for (const tag of data.tags) {
    for (const bugId of tag.bugs) {
      const userId = userIds.get(tag.user) as number;
      const row = snapshot.personal_tags.find((entry) => entry.user_id === userId && entry.bug_id === bugId);
      if (row) row.tags.push(tag.name);
      else snapshot.personal_tags.push({ user_id: userId, bug_id: bugId, tags: [tag.name] });
    }
  }
  return snapshot;
}
