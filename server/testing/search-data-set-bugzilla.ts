import type pg from 'pg';
import { STANDARD_FIELDS } from '../src/bugzilla/field/bug-fields.js';
import { fulltextSyncSql } from './bugzilla-ddl.js';
import { createBugzillaTables } from './bugzilla-test-database.js';
import { readSearchDataSet, type SearchDataSet } from './search-data-set.js';
import { insertSearchDataSetCustomFields } from './search-data-set-bugzilla-custom.js';

/*
 * The search data set (search-data-set.json) in Bugzilla 5.2's own tables, as 5.2 wrote them (its DDL,
 * times as wall time in the session's TimeZone): what serve --bugzilla-schema reads in the search replay.
 * Custom fields are left out (bz-companion does not search them yet).
 */

type Row = Record<string, unknown>;
type Sql = (text: string, values?: unknown[]) => Promise<unknown>;
const at = (value: unknown) => (value === null || value === undefined ? null : value);

function customFieldDefs(data: SearchDataSet) {
  return (data.custom_fields.fielddefs ?? []) as Array<{
    id: number;
    name: string;
    description: string;
    type: number;
    sortkey: number;
  }>;
}

export async function loadSearchDataSet(client: pg.Client): Promise<void> {
  await createBugzillaTables(client);
  const data = readSearchDataSet();
  const sql: Sql = (text, values = []) => client.query(text, values);
  const userId = new Map(data.users.map((user) => [user.login, user.id]));
  const user = (login: unknown) => (login === null || login === undefined ? null : userId.get(login as string));
  await insertPeople(sql, data);
  await insertCatalogue(sql, data, user);
  await insertBugs(sql, data, user);
  await insertSearchDataSetCustomFields(sql, data);
  await insertThreads(sql, data, user);
}

async function insertPeople(sql: Sql, data: SearchDataSet): Promise<void> {
  for (const group of data.groups) {
    await sql(
      'INSERT INTO groups (id, name, description, isbuggroup, userregexp, isactive) VALUES ($1, $2, $3, $4, $5, $6)',
      [group.id, group.name, group.description, group.isbuggroup, group.userregexp, group.isactive],
    );
  }
  const groupId = new Map(data.groups.map((group) => [group.name, group.id]));
  for (const person of data.users) {
    await sql(
      'INSERT INTO profiles (userid, login_name, realname, disabledtext, is_enabled) VALUES ($1, $2, $3, $4, $5)',
      [person.id, person.login, person.real_name, person.disabled_text, person.disabled_text ? 0 : 1],
    );
    for (const group of person.groups) {
      await sql('INSERT INTO user_group_map (user_id, group_id, isbless, grant_type) VALUES ($1, $2, 0, 0)', [
        person.id,
        groupId.get(group),
      ]);
    }
    for (const key of person.api_keys) {
      await sql('INSERT INTO user_api_keys (user_id, api_key, revoked) VALUES ($1, $2, 0)', [person.id, key]);
    }
  }
}

async function insertCatalogue(sql: Sql, data: SearchDataSet, user: (login: unknown) => number | null | undefined) {
  for (const classification of data.classifications.filter((c) => c.id !== 1)) {
    await sql('INSERT INTO classifications (id, name, description, sortkey) VALUES ($1, $2, $3, $4)', [
      classification.id,
      classification.name,
      classification.description,
      classification.sortkey,
    ]);
  }
  for (const [table, values] of Object.entries(data.select_values)) {
    for (const value of values) {
      const open = table === 'bug_status' ? ', is_open' : '';
      await sql(
        `INSERT INTO ${table} (id, value, sortkey, isactive${open}) VALUES ($1, $2, $3, $4${open ? ', $5' : ''})`,
        [value.id, value.value, value.sortkey, value.is_active ? 1 : 0, ...(open ? [value.is_open ? 1 : 0] : [])],
      );
    }
  }
  const statusId = new Map((data.select_values.bug_status ?? []).map((status) => [status.value, status.id]));
  for (const step of data.workflow) {
    await sql('INSERT INTO status_workflow (old_status, new_status, require_comment) VALUES ($1, $2, $3)', [
      step.old_status === null ? null : statusId.get(step.old_status),
      statusId.get(step.new_status),
      step.require_comment ? 1 : 0,
    ]);
  }
  const classificationId = new Map(data.classifications.map((c) => [c.name, c.id]));
  const groupId = new Map(data.groups.map((group) => [group.name, group.id]));
  for (const product of data.products) {
    await sql(
      `INSERT INTO products (id, name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        product.id,
        product.name,
        classificationId.get(product.classification as string),
        product.description,
        product.is_open ? 1 : 0,
        product.default_milestone,
        product.allows_unconfirmed ? 1 : 0,
      ],
    );
    for (const component of product.components) {
      await sql(
        `INSERT INTO components (id, name, product_id, initialowner, initialqacontact, description, isactive)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          component.id,
          component.name,
          product.id,
          user(component.default_assignee),
          user(component.default_qa_contact),
          component.description,
          component.is_active ? 1 : 0,
        ],
      );
    }
    for (const version of product.versions as Row[]) {
      await sql('INSERT INTO versions (value, product_id, isactive) VALUES ($1, $2, $3)', [
        version.name,
        product.id,
        version.is_active ? 1 : 0,
      ]);
    }
    for (const milestone of product.milestones as Row[]) {
      await sql('INSERT INTO milestones (product_id, value, sortkey, isactive) VALUES ($1, $2, $3, $4)', [
        product.id,
        milestone.name,
        milestone.sortkey,
        milestone.is_active ? 1 : 0,
      ]);
    }
    for (const control of product.group_controls as Row[]) {
      await sql(
        `INSERT INTO group_control_map (group_id, product_id, entry, membercontrol, othercontrol, canedit)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          groupId.get(control.group as string),
          product.id,
          control.entry,
          control.membercontrol,
          control.othercontrol,
          control.canedit,
        ],
      );
    }
  }
  for (const keyword of data.keywords) {
    await sql('INSERT INTO keyworddefs (id, name, description) VALUES ($1, $2, $3)', [
      keyword.id,
      keyword.name,
      keyword.description,
    ]);
  }
  for (const type of data.flag_types) {
    await sql(
      `INSERT INTO flagtypes (id, name, description, target_type, is_active, is_requestable, is_requesteeble,
         is_multiplicable, sortkey) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        type.id,
        type.name,
        type.description,
        type.target_type === 'bug' ? 'b' : 'a',
        type.is_active ? 1 : 0,
        type.is_requestable ? 1 : 0,
        type.is_requesteeble ? 1 : 0,
        type.is_multiplicable ? 1 : 0,
        type.sortkey,
      ],
    );
    await sql('INSERT INTO flaginclusions (type_id) VALUES ($1)', [type.id]);
  }
  for (const [id, field] of STANDARD_FIELDS.entries()) {
    await sql('INSERT INTO fielddefs (id, name, description, sortkey) VALUES ($1, $2, $3, $1)', [
      id + 1,
      field.name,
      field.displayName,
    ]);
  }
}

async function insertBugs(sql: Sql, data: SearchDataSet, user: (login: unknown) => number | null | undefined) {
  const product = new Map(data.products.map((p) => [p.name, p]));
  const groupId = new Map(data.groups.map((group) => [group.name, group.id]));
  const keywordId = new Map(data.keywords.map((keyword) => [keyword.name, keyword.id]));
  for (const bug of data.bugs) {
    const ofProduct = product.get(bug.product as string);
    const component = ofProduct?.components.find((c) => c.name === bug.component);
    await sql(
      `INSERT INTO bugs (bug_id, assigned_to, bug_file_loc, bug_severity, bug_status, creation_ts, delta_ts, short_desc,
         op_sys, priority, product_id, rep_platform, reporter, version, component_id, resolution, target_milestone,
         qa_contact, status_whiteboard, everconfirmed, reporter_accessible, cclist_accessible, estimated_time,
         remaining_time, deadline)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz::timestamp, $7::timestamptz::timestamp, $8, $9, $10, $11, $12, $13,
         $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25::date)`,
      [
        bug.id,
        user(bug.assigned_to),
        bug.url,
        bug.severity,
        bug.status,
        bug.creation_time,
        bug.last_change_time,
        bug.summary,
        bug.op_sys,
        bug.priority,
        ofProduct?.id,
        bug.platform,
        user(bug.reporter),
        bug.version,
        component?.id,
        bug.resolution,
        bug.target_milestone,
        user(bug.qa_contact),
        bug.whiteboard,
        bug.is_confirmed ? 1 : 0,
        bug.reporter_accessible ? 1 : 0,
        bug.cclist_accessible ? 1 : 0,
        bug.estimated_time ?? 0,
        bug.remaining_time ?? 0,
        at(bug.deadline),
      ],
    );
    for (const alias of bug.aliases as string[])
      await sql('INSERT INTO bugs_aliases (alias, bug_id) VALUES ($1, $2)', [alias, bug.id]);
    for (const login of bug.cc as string[])
      await sql('INSERT INTO cc (bug_id, who) VALUES ($1, $2)', [bug.id, user(login)]);
    for (const group of bug.groups as string[]) {
      await sql('INSERT INTO bug_group_map (bug_id, group_id) VALUES ($1, $2)', [bug.id, groupId.get(group)]);
    }
    for (const keyword of bug.keywords as string[]) {
      await sql('INSERT INTO keywords (bug_id, keywordid) VALUES ($1, $2)', [bug.id, keywordId.get(keyword)]);
    }
    for (const value of bug.see_also as string[])
      await sql('INSERT INTO bug_see_also (bug_id, value) VALUES ($1, $2)', [bug.id, value]);
    for (const blocked of bug.blocks as number[]) {
      await sql('INSERT INTO dependencies (blocked, dependson) VALUES ($1, $2)', [blocked, bug.id]);
    }
    if (bug.dupe_of !== null)
      await sql('INSERT INTO duplicates (dupe_of, dupe) VALUES ($1, $2)', [bug.dupe_of, bug.id]);
  }
}

async function insertThreads(sql: Sql, data: SearchDataSet, user: (login: unknown) => number | null | undefined) {
  for (const attachment of data.attachments) {
    await sql(
      `INSERT INTO attachments (attach_id, bug_id, creation_ts, modification_time, description, mimetype, ispatch,
         filename, submitter_id, isobsolete, isprivate)
       VALUES ($1, $2, $3::timestamptz::timestamp, $4::timestamptz::timestamp, $5, $6, $7, $8, $9, $10, $11)`,
      [
        attachment.id,
        attachment.bug_id,
        attachment.creation_time,
        attachment.last_change_time,
        attachment.summary,
        attachment.content_type,
        attachment.is_patch ? 1 : 0,
        attachment.file_name,
        user(attachment.creator),
        attachment.is_obsolete ? 1 : 0,
        attachment.is_private ? 1 : 0,
      ],
    );
    await sql('INSERT INTO attach_data (id, thedata) VALUES ($1, $2)', [
      attachment.id,
      Buffer.from(attachment.data as string, 'base64'),
    ]);
  }
  for (const flag of data.flags) {
    await sql(
      `INSERT INTO flags (id, type_id, status, bug_id, attach_id, creation_date, modification_date, setter_id, requestee_id)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz::timestamp, $7::timestamptz::timestamp, $8, $9)`,
      [
        flag.id,
        flag.type_id,
        flag.status,
        flag.bug_id,
        flag.attach_id,
        flag.creation_date,
        flag.modification_date,
        user(flag.setter),
        user(flag.requestee),
      ],
    );
  }
  for (const comment of data.comments) {
    await sql(
      `INSERT INTO longdescs (comment_id, bug_id, who, bug_when, thetext, isprivate, type, extra_data, work_time)
       VALUES ($1, $2, $3, $4::timestamptz::timestamp, $5, $6, $7, $8, $9)`,
      [
        comment.id,
        comment.bug_id,
        user(comment.author),
        comment.time,
        comment.text,
        comment.is_private ? 1 : 0,
        comment.type,
        at(comment.extra_data),
        comment.work_time ?? 0,
      ],
    );
  }
  for (const tag of data.comment_tags) {
    await sql('INSERT INTO longdescs_tags (comment_id, tag) VALUES ($1, $2)', [tag.comment_id, tag.tag]);
  }
  const fieldId = new Map<string, number>(STANDARD_FIELDS.map((field, index) => [field.name, index + 1]));
  for (const field of customFieldDefs(data)) fieldId.set(field.name, field.id);
  for (const row of data.activity) {
    await sql(
      `INSERT INTO bugs_activity (id, bug_id, attach_id, who, bug_when, fieldid, removed, added, comment_id)
       VALUES ($1, $2, $3, $4, $5::timestamptz::timestamp, $6, $7, $8, $9)`,
      [
        row.id,
        row.bug_id,
        at(row.attach_id),
        user(row.who),
        row.when,
        fieldId.get(row.field) ?? 0,
        row.removed,
        row.added,
        at(row.comment_id),
      ],
    );
  }
  for (const tag of data.tags) {
    await sql('INSERT INTO tag (id, name, user_id) VALUES ($1, $2, $3)', [tag.id, tag.name, user(tag.user)]);
    for (const bugId of tag.bugs) await sql('INSERT INTO bug_tag (bug_id, tag_id) VALUES ($1, $2)', [bugId, tag.id]);
  }
  for (const visit of data.last_visits) {
    await sql(
      'INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts) VALUES ($1, $2, $3::timestamptz::timestamp)',
      [user(visit.user), visit.bug_id, visit.last_visit_ts],
    );
  }
  await sql(fulltextSyncSql('postgres'));
}
