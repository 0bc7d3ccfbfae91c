import { readFileSync } from 'node:fs';
import { apiFieldName } from '../src/bugzilla/field/bug-fields.js';
import { renderedCommentText } from '../src/bugzilla/field/bugzilla-tables.js';
import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import { type Fixture, snapshotFromFixture } from '../src/import/fixture/fixture.js';
import { BUGZILLA_52_DIR } from './bugzilla-5.2-fixture.js';

type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the data set's rows, read as the JSON they are (search-data-set.md gives their shape).
type Row = Record<string, any>;

/** `test-data/bugzilla-5.2/search-data-set.json`, verbatim (its shape: search-data-set.md). */
function readSearchDataSet(): Row {
  return JSON.parse(readFileSync(`${BUGZILLA_52_DIR}search-data-set.json`, 'utf8')) as Row;
}

const BUG_FIELDS = [
  'summary',
  'product',
  'component',
  'classification',
  'version',
  'target_milestone',
  'status',
  'resolution',
  'priority',
  'severity',
  'platform',
  'op_sys',
  'url',
  'whiteboard',
  'is_confirmed',
  'reporter_accessible',
  'cclist_accessible',
  'creation_time',
  'last_change_time',
  'cc',
  'keywords',
  'depends_on',
  'blocks',
  'dupe_of',
  'groups',
  'see_also',
];

/** The custom fields' definitions as a fixture gives them: values by name, controllers by name. */
export function searchDataSetCustomFields(data: Row): Json[] {
  const { fielddefs, field_visibility: visibility, values } = data.custom_fields as Row;
  return (fielddefs as Row[]).map((def) => ({
    id: def.id,
    name: def.name,
    description: def.description,
    long_desc: def.long_desc,
    type: def.type,
    sort_key: def.sortkey,
    obsolete: def.obsolete === 1,
    enter_bug: def.enter_bug === 1,
    mandatory: def.is_mandatory === 1,
    in_new_bugmail: def.mailhead === 1,
    buglist: def.buglist === 1,
    is_numeric: def.is_numeric === 1,
    ...(def.reverse_desc === null ? {} : { reverse_desc: def.reverse_desc }),
    ...(def.visibility_field === null
      ? {}
      : {
          visibility_field: def.visibility_field,
          visibility_values: (visibility as Row[])
            .find((entry) => entry.field === def.name)
            ?.values.map((value: Row) => value.value),
        }),
    ...(def.value_field === null ? {} : { value_field: def.value_field }),
    ...(values[def.name]
      ? {
          values: (values[def.name] as Row[]).map((value) => ({
            id: value.id,
            name: value.value,
            sort_key: value.sortkey,
            is_active: value.is_active,
            ...(value.visibility_value ? { visibility_value: value.visibility_value } : {}),
          })),
        }
      : {}),
  }));
}

function history(data: Row, bugId: number): Json[] {
  const sets: Array<{ who: string; when: string; changes: Json[] }> = [];
  for (const row of (data.activity as Row[]).filter((activity) => activity.bug_id === bugId && !activity.attach_id)) {
    const change = {
      field_name: apiFieldName(row.field),
      removed: row.removed ?? '',
      added: row.added ?? '',
      ...(row.comment_id === null ? {} : { comment_id: row.comment_id }),
    };
    const last = sets.at(-1);
    if (last && last.who === row.who && last.when === row.when) last.changes.push(change);
    else sets.push({ who: row.who, when: row.when, changes: [change] });
  }
  return sets;
}

const flagOf = (flag: Row) => ({
  id: flag.id,
  name: flag.name,
  type_id: flag.type_id,
  status: flag.status,
  setter: flag.setter,
  requestee: flag.requestee,
  creation_date: flag.creation_date,
  modification_date: flag.modification_date,
});

function bug(data: Row, row: Row): Json {
  const values = (data.custom_fields as Row).bug_values[String(row.id)] ?? {};
  const tags = (commentId: number) =>
    (data.comment_tags as Row[]).filter((tag) => tag.comment_id === commentId).map((tag) => tag.tag);
  return {
    id: row.id,
    alias: row.aliases,
    reporter: row.reporter,
    assigned_to: row.assigned_to,
    qa_contact: row.qa_contact,
    ...Object.fromEntries(BUG_FIELDS.map((name) => [name, row[name]])),
    flags: (data.flags as Row[]).filter((flag) => flag.bug_id === row.id && flag.attach_id === null).map(flagOf),
    comments: (data.comments as Row[])
      .filter((comment) => comment.bug_id === row.id)
      .map((comment) => ({
        id: comment.id,
        author: comment.author,
        time: comment.time,
        // Duplicate notices are rendered (a fixture has no type for them); an attachment's stays its type.
        text: comment.type === 5 ? comment.text : renderedCommentText(comment.type, comment.text, comment.extra_data),
        is_private: comment.is_private,
        ...(comment.type === 5 ? { type: 5, extra_data: comment.extra_data } : {}),
        ...(tags(comment.id).length > 0 ? { tags: tags(comment.id) } : {}),
      })),
    history: history(data, row.id),
    ...values,
  };
}

/**
 * The versions' ids, which the data set does not list, as its making gave them (search-data-set.md):
 * each product's first made with it (Widgets' `unspecified` by checksetup.pl, the others' first listed
 * by POST /rest/product), then the rest product by product, as editversions.cgi made them.
 */
function versionNumbers(products: readonly Row[]): Map<string, number> {
  const ids = new Map<string, number>();
  const key = (product: Row, version: Row) => `${product.name}\u0000${version.name}`;
  const first = (product: Row): Row =>
    (product.versions as Row[]).find((version) => version.name === 'unspecified' && product.id === 1) ??
    ((product.versions as Row[])[0] as Row);
  for (const product of products) ids.set(key(product, first(product)), ids.size + 1);
  for (const product of products) {
    for (const version of product.versions as Row[])
      if (!ids.has(key(product, version))) ids.set(key(product, version), ids.size + 1);
  }
  return ids;
}

/**
 * A user's groups with what membership in `admin` brings: the data set lists user_group_map's rows,
 * and 5.2's Group->create (Bugzilla/Group.pm) makes the admin group a member of every group made
 * after it, which is every other group (checksetup makes admin first): so an admin is a time tracker,
 * may edit bugs and confirm them, as in the database the recordings ran on.
 */
function withAdminInheritance(groups: string[], all: Row[]): string[] {
  if (!groups.includes('admin')) return groups;
  return [...new Set([...groups, ...all.map((group) => group.name as string)])];
}

/**
 * The search data set as a bz-companion fixture: its users (keys, passwords), groups, catalogue
 * (classifications, products, values, workflow, keywords, flag types, custom fields), 60 bugs with
 * their fields, custom values, flags, comments and history, attachments and visits.
 */
function searchDataSetFixture(): Fixture {
  const data = readSearchDataSet();
  const versionIds = versionNumbers(data.products as Row[]);
  const select = data.select_values as Record<string, Row[]>;
  const valuesOf = (rows: Row[]) =>
    rows.map((row) => ({ id: row.id, name: row.value, sort_key: row.sortkey, is_active: row.is_active }));
  return {
    instance: { version: '5.2', extensions: {}, parameters: { ...data.parameters, maintainer: 'admin@example.com' } },
    groups: (data.groups as Row[]).map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      is_bug_group: group.isbuggroup === 1,
      user_regexp: group.userregexp,
      is_active: group.isactive === 1,
    })),
    users: (data.users as Row[]).map((user) => ({
      login: user.login,
      real_name: user.real_name,
      groups: withAdminInheritance(user.groups as string[], data.groups as Row[]),
      api_keys: user.api_keys,
      ...(user.password ? { password: user.password } : {}),
      ...(user.disabled_text ? { disabled: true, disabled_text: user.disabled_text } : {}),
    })),
    classifications: (data.classifications as Row[]).map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      sort_key: c.sortkey,
    })),
    products: (data.products as Row[]).map((product) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      classification: product.classification,
      is_open: product.is_open,
      has_unconfirmed: product.allows_unconfirmed,
      default_milestone: product.default_milestone,
      components: (product.components as Row[]).map((component) => ({
        id: component.id,
        name: component.name,
        description: component.description,
        default_assignee: component.default_assignee,
        default_qa_contact: component.default_qa_contact,
        default_cc: component.default_cc,
        is_open: component.is_active,
      })),
      versions: (product.versions as Row[]).map((version) => ({
        id: versionIds.get(`${product.name}\u0000${version.name}`),
        name: version.name,
        is_active: version.is_active,
      })),
      milestones: (product.milestones as Row[]).map((m) => ({
        name: m.name,
        sort_key: m.sortkey,
        is_active: m.is_active,
      })),
      group_controls: (product.group_controls as Row[]).map((control) => ({
        group: control.group,
        entry: control.entry === 1,
        member_control: (['na', 'shown', 'default', 'mandatory'] as const)[control.membercontrol],
        other_control: (['na', 'shown', 'default', 'mandatory'] as const)[control.othercontrol],
        canedit: control.canedit === 1,
      })),
    })),
    field_values: {
      bug_status: (select.bug_status ?? []).map((row) => ({ ...valuesOf([row])[0], is_open: row.is_open })),
      ...Object.fromEntries(
        ['resolution', 'priority', 'bug_severity', 'op_sys', 'rep_platform'].map((name) => [
          name,
          valuesOf(select[name] ?? []),
        ]),
      ),
    },
    workflow: (data.workflow as Row[]).map((step) => ({
      from: step.old_status,
      to: step.new_status,
      require_comment: step.require_comment,
    })),
    keywords: (data.keywords as Row[]).map((keyword) => ({
      id: keyword.id,
      name: keyword.name,
      description: keyword.description,
    })),
    flag_types: (data.flag_types as Row[]).map((type) => ({
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
    custom_fields: searchDataSetCustomFields(data),
    bugs: (data.bugs as Row[]).map((row) => bug(data, row)),
    attachments: (data.attachments as Row[]).map((attachment) => ({
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
      flags: (data.flags as Row[]).filter((flag) => flag.attach_id === attachment.id).map(flagOf),
    })),
    last_visits: data.last_visits,
  } as unknown as Fixture;
}

/**
 * The search data set as a snapshot: the fixture, then what a fixture does not say, from the data
 * set's own rows (each bug's time tracking and deadline).
 */
export function searchDataSetSnapshot(): StoreSnapshot {
  const data = readSearchDataSet();
  const snapshot = snapshotFromFixture(searchDataSetFixture());
  const rows = new Map((data.bugs as Row[]).map((row) => [row.id as number, row]));
  for (const bug of snapshot.bugs) {
    const row = rows.get(bug.id);
    if (!row || !bug.fields) continue;
    bug.fields.estimated_time = row.estimated_time;
    bug.fields.remaining_time = row.remaining_time;
    bug.fields.actual_time = row.actual_time;
    bug.fields.deadline = row.deadline;
  }
  return snapshot;
}
