import type {
  CatalogueData,
  ControlMap,
  FieldValue,
  FlagScope,
  Product,
  SelectFieldName,
  StatusValue,
} from '../../bugzilla/catalogue/types.js';
import { SELECT_FIELDS } from '../../bugzilla/catalogue/types.js';
import { withBmoReviewing } from './bugzilla-bmo-reviewing.js';
import { readBugzillaCustomFields } from './bugzilla-custom-fields.js';
import { readTrackingFlags } from './bugzilla-tracking-flags.js';
import { flag, nullableNum, num, type Row, text } from './row-values.js';
import type { BugzillaTables, SelectRows } from './select-rows.js';

export type { BugzillaTables, SelectRows } from './select-rows.js';

/**
 * The catalogue of a Bugzilla 5.x database, read from its own tables (Bugzilla/DB/Schema.pm) with
 * SQL that PostgreSQL and MySQL/MariaDB both run, so serving a Bugzilla database and importing
 * one read it alike. In a BMO database, with what BMO adds: its tracking flags among the custom fields
 * (they have no column in `bugs`: Bugzilla's own reading of fielddefs leaves them out), and its
 * components' triage owners and suggested reviewers.
 */
export async function readBugzillaCatalogue(select: SelectRows, database: BugzillaTables): Promise<CatalogueData> {
  // The tables' names once a reading (the tracking flags and the reviewers both ask).
  let tables: Promise<ReadonlySet<string>> | undefined;
  const schema: BugzillaTables = {
    tables: () => {
      tables ??= database.tables();
      return tables;
    },
    columns: (table) => database.columns(table),
  };
  const [classifications, products, customFields, trackingFlags] = await Promise.all([
    select('SELECT id, name, description, sortkey FROM classifications ORDER BY sortkey, name'),
    readProducts(select),
    readBugzillaCustomFields(select),
    readTrackingFlags(select, schema),
  ]);
  return withBmoReviewing(select, schema, {
    classifications: classifications.map((row) => ({
      id: num(row.id),
      name: text(row.name),
      description: text(row.description),
      sortkey: num(row.sortkey),
    })),
    products,
    ...(await readValuesAndWorkflow(select)),
    ...(await readKeywordsFlagTypesGroups(select)),
    customFields: [...customFields, ...trackingFlags],
  });
}

async function readProducts(select: SelectRows): Promise<Product[]> {
  const [products, components, componentCc, versions, milestones, controls] = await Promise.all([
    select(
      'SELECT id, name, classification_id, description, isactive, defaultmilestone, allows_unconfirmed FROM products ORDER BY name',
    ),
    select(
      'SELECT id, name, product_id, initialowner, initialqacontact, description, isactive FROM components ORDER BY name',
    ),
    select('SELECT user_id, component_id FROM component_cc ORDER BY user_id'),
    select('SELECT id, value, product_id, isactive FROM versions ORDER BY id'),
    select('SELECT id, product_id, value, sortkey, isactive FROM milestones ORDER BY sortkey, value'),
    select(
      'SELECT group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm FROM group_control_map',
    ),
  ]);
  const of = (rows: Row[], productId: number) => rows.filter((row) => num(row.product_id) === productId);
  return products.map((row): Product => {
    const productId = num(row.id);
    return {
      id: productId,
      name: text(row.name),
      description: text(row.description),
      classificationId: num(row.classification_id),
      isActive: flag(row.isactive),
      defaultMilestone: text(row.defaultmilestone),
      allowsUnconfirmed: flag(row.allows_unconfirmed),
      components: of(components, productId).map((component) => componentOf(component, productId, componentCc)),
      versions: of(versions, productId).map((version) => ({
        id: num(version.id),
        productId,
        value: text(version.value),
        isActive: flag(version.isactive),
      })),
      milestones: of(milestones, productId).map((milestone) => ({
        id: num(milestone.id),
        productId,
        value: text(milestone.value),
        sortkey: num(milestone.sortkey),
        isActive: flag(milestone.isactive),
      })),
      groupControls: of(controls, productId).map(groupControlOf),
    };
  });
}

function componentOf(row: Row, productId: number, componentCc: Row[]): Product['components'][number] {
  return {
    id: num(row.id),
    productId,
    name: text(row.name),
    description: text(row.description),
    defaultAssignee: nullableNum(row.initialowner),
    defaultQaContact: nullableNum(row.initialqacontact),
    defaultCc: componentCc.filter((cc) => num(cc.component_id) === num(row.id)).map((cc) => num(cc.user_id)),
    isActive: flag(row.isactive),
  };
}

function groupControlOf(row: Row): Product['groupControls'][number] {
  return {
    groupId: num(row.group_id),
    entry: flag(row.entry),
    memberControl: num(row.membercontrol) as ControlMap,
    otherControl: num(row.othercontrol) as ControlMap,
    canEdit: flag(row.canedit),
    editComponents: flag(row.editcomponents),
    editBugs: flag(row.editbugs),
    canConfirm: flag(row.canconfirm),
  };
}

async function readValuesAndWorkflow(
  select: SelectRows,
): Promise<Pick<CatalogueData, 'fieldValues' | 'statuses' | 'workflow'>> {
  const enumRows = (table: string) =>
    select(`SELECT * FROM ${table} ORDER BY sortkey, value`).then((rows) =>
      rows.map(
        (row): FieldValue => ({
          id: num(row.id),
          value: text(row.value),
          sortkey: num(row.sortkey),
          isActive: flag(row.isactive),
          visibilityValueId: nullableNum(row.visibility_value_id),
        }),
      ),
    );
  const fieldValues = Object.fromEntries(
    await Promise.all(SELECT_FIELDS.map(async (field) => [field, await enumRows(field)] as const)),
  ) as Record<SelectFieldName, FieldValue[]>;
  const statusRows = await select('SELECT * FROM bug_status ORDER BY sortkey, value');
  const statuses = statusRows.map(
    (row): StatusValue => ({
      id: num(row.id),
      value: text(row.value),
      sortkey: num(row.sortkey),
      isActive: flag(row.isactive),
      visibilityValueId: nullableNum(row.visibility_value_id),
      isOpen: flag(row.is_open),
    }),
  );
  const statusName = new Map(statuses.map((status) => [status.id, status.value]));
  const workflow = (await select('SELECT old_status, new_status, require_comment FROM status_workflow')).flatMap(
    (row) => {
      const to = statusName.get(num(row.new_status));
      const from = row.old_status === null ? null : statusName.get(num(row.old_status));
      return to === undefined || from === undefined ? [] : [{ from, to, requireComment: flag(row.require_comment) }];
    },
  );
  return { fieldValues, statuses, workflow };
}

async function readKeywordsFlagTypesGroups(
  select: SelectRows,
): Promise<Pick<CatalogueData, 'keywords' | 'flagTypes' | 'groups'>> {
  const [keywords, flagTypes, inclusions, exclusions, groups] = await Promise.all([
    select('SELECT * FROM keyworddefs ORDER BY name'),
    select('SELECT * FROM flagtypes ORDER BY sortkey, name'),
    select('SELECT type_id, product_id, component_id FROM flaginclusions'),
    select('SELECT type_id, product_id, component_id FROM flagexclusions'),
    select('SELECT id, name, description, isbuggroup, userregexp, isactive, icon_url FROM groups ORDER BY name'),
  ]);
  const scopes = (rows: Array<Record<string, unknown>>, typeId: number): FlagScope[] =>
    rows
      .filter((row) => num(row.type_id) === typeId)
      .map((row) => ({ productId: nullableNum(row.product_id), componentId: nullableNum(row.component_id) }));
  return {
    // keyworddefs.is_active came with 5.0; a database without it has every keyword active.
    keywords: keywords.map((row) => ({
      id: num(row.id),
      name: text(row.name),
      description: text(row.description),
      isActive: row.is_active === undefined ? true : flag(row.is_active),
    })),
    flagTypes: flagTypes.map((row) => ({
      id: num(row.id),
      name: text(row.name),
      description: text(row.description),
      ccList: text(row.cc_list),
      targetType: text(row.target_type) === 'a' ? 'attachment' : 'bug',
      isActive: flag(row.is_active),
      isRequestable: flag(row.is_requestable),
      isRequesteeble: flag(row.is_requesteeble),
      isMultiplicable: flag(row.is_multiplicable),
      sortkey: num(row.sortkey),
      grantGroupId: nullableNum(row.grant_group_id),
      requestGroupId: nullableNum(row.request_group_id),
      inclusions: scopes(inclusions, num(row.id)),
      exclusions: scopes(exclusions, num(row.id)),
    })),
    groups: groups.map((row) => ({
      id: num(row.id),
      name: text(row.name),
      description: text(row.description),
      isBugGroup: flag(row.isbuggroup),
      userRegexp: text(row.userregexp),
      isActive: flag(row.isactive),
      iconUrl: row.icon_url === null || row.icon_url === undefined ? null : String(row.icon_url),
    })),
  };
}
