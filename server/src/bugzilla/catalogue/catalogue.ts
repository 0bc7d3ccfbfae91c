import { type CustomField, FIELD_TYPE } from '../field/custom-field.js';
import type {
  CatalogueData,
  Classification,
  Component,
  FieldValue,
  FlagType,
  GroupDefinition,
  Keyword,
  Milestone,
  Product,
  SelectFieldName,
  StatusValue,
  Version,
  Webhook,
} from './types.js';

/** Names are matched without regard to letter case, as Bugzilla::Object->new({name}) does. */
const key = (name: string) => name.toLowerCase();

function byName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [key(item.name), item]));
}

function byId<T extends { id: number }>(items: readonly T[]): Map<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * The catalogue with the look-ups Bugzilla's rules make. Immutable: a change builds a new one
 * (`Catalogue.from(next data)`), so a rule that read one keeps a consistent view.
 */
export class Catalogue {
  readonly data: Readonly<CatalogueData>;
  readonly #products: Map<string, Product>;
  readonly #productsById: Map<number, Product>;
  readonly #components: Map<number, Component>;
  readonly #classifications: Map<string, Classification>;
  readonly #classificationsById: Map<number, Classification>;
  readonly #keywords: Map<string, Keyword>;
  readonly #flagTypesById: Map<number, FlagType>;
  readonly #groups: Map<string, GroupDefinition>;
  readonly #groupsById: Map<number, GroupDefinition>;
  readonly #statuses: Map<string, StatusValue>;
  readonly #customFields: readonly CustomField[];
  readonly #activeCustomFields: readonly CustomField[];
  readonly #customFieldsByName: Map<string, CustomField>;
  readonly #customFieldsById: Map<number, CustomField>;
  readonly #customDateTimeNames: ReadonlySet<string>;

  private constructor(data: CatalogueData) {
    this.data = data;
    this.#products = byName(data.products);
    this.#productsById = byId(data.products);
    this.#components = byId(data.products.flatMap((product) => product.components));
    this.#classifications = byName(data.classifications);
    this.#classificationsById = byId(data.classifications);
    this.#keywords = byName(data.keywords);
    this.#flagTypesById = byId(data.flagTypes);
    this.#groups = byName(data.groups);
    this.#groupsById = byId(data.groups);
    this.#statuses = new Map(data.statuses.map((status) => [status.value, status]));
    // Bugzilla::Field's LIST_ORDER: sortkey, then name.
    this.#customFields = [...(data.customFields ?? [])].sort(
      (a, b) => a.sortkey - b.sortkey || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    this.#activeCustomFields = this.#customFields.filter((field) => !field.obsolete);
    this.#customFieldsByName = byName(this.#customFields);
    this.#customFieldsById = byId(this.#customFields);
    this.#customDateTimeNames = new Set(
      this.#activeCustomFields
        .filter((field) => field.type === FIELD_TYPE.datetime || field.type === FIELD_TYPE.date)
        .map((field) => field.name),
    );
  }

  static from(data: CatalogueData): Catalogue {
    return new Catalogue(data);
  }

  product(name: string): Product | undefined {
    return this.#products.get(key(name));
  }

  productById(id: number): Product | undefined {
    return this.#productsById.get(id);
  }

  component(product: Product, name: string): Component | undefined {
    const wanted = key(name);
    return product.components.find((component) => key(component.name) === wanted);
  }

  componentById(id: number): Component | undefined {
    return this.#components.get(id);
  }

  version(product: Product, value: string): Version | undefined {
    return product.versions.find((version) => version.value === value);
  }

  milestone(product: Product, value: string): Milestone | undefined {
    return product.milestones.find((milestone) => milestone.value === value);
  }

  classification(name: string): Classification | undefined {
    return this.#classifications.get(key(name));
  }

  classificationById(id: number): Classification | undefined {
    return this.#classificationsById.get(id);
  }

  /** The values of a select field, in Bugzilla's order (sortkey, then value). */
  values(field: SelectFieldName): readonly FieldValue[] {
    return this.data.fieldValues[field];
  }

  /** A select field's value as it is spelled in the catalogue (values are matched exactly, as in Bugzilla). */
  value(field: SelectFieldName, value: string): FieldValue | undefined {
    return this.data.fieldValues[field].find((entry) => entry.value === value);
  }

  status(value: string): StatusValue | undefined {
    return this.#statuses.get(value);
  }

  /** Whether a status counts as open; an unknown one does (Bugzilla lists it with the open ones). */
  isOpen(status: string): boolean {
    return this.#statuses.get(status)?.isOpen ?? true;
  }

  /** The statuses a bug may move to from `from` (null: the states a new bug may start in). */
  transitionsFrom(from: string | null): string[] {
    return this.data.workflow.filter((step) => step.from === from).map((step) => step.to);
  }

  keyword(name: string): Keyword | undefined {
    return this.#keywords.get(key(name));
  }

  flagType(id: number): FlagType | undefined {
    return this.#flagTypesById.get(id);
  }

  /** The flag types of `target` that apply to a product and component: included and not excluded. */
  flagTypesFor(target: FlagType['targetType'], productId: number, componentId: number): FlagType[] {
    const matches = (scope: { productId: number | null; componentId: number | null }) =>
      (scope.productId === null || scope.productId === productId) &&
      (scope.componentId === null || scope.componentId === componentId);
    return this.data.flagTypes
      .filter((type) => type.targetType === target && type.inclusions.some(matches) && !type.exclusions.some(matches))
      .sort((a, b) => a.sortkey - b.sortkey || a.name.localeCompare(b.name));
  }

  /** Every custom field, obsolete ones too, in Bugzilla's order (sortkey, then name). */
  customFields(): readonly CustomField[] {
    return this.#customFields;
  }

  /** The custom fields a bug shows and takes (Bugzilla->active_custom_fields: not obsolete), in order. */
  activeCustomFields(): readonly CustomField[] {
    return this.#activeCustomFields;
  }

  /** A custom field by name, in any letter case (Bugzilla::Field->new({name})), obsolete ones too. */
  customField(name: string): CustomField | undefined {
    return this.#customFieldsByName.get(key(name));
  }

  customFieldById(id: number): CustomField | undefined {
    return this.#customFieldsById.get(id);
  }

  /** The active date/time and date fields: what XML-RPC sends as `<dateTime.iso8601>` (5.2's `type('dateTime')`). */
  customDateTimeNames(): ReadonlySet<string> {
    return this.#customDateTimeNames;
  }

  group(name: string): GroupDefinition | undefined {
    return this.#groups.get(key(name));
  }

  groupById(id: number): GroupDefinition | undefined {
    return this.#groupsById.get(id);
  }

  /** BMO's webhooks, by id. */
  webhooks(): readonly Webhook[] {
    return this.data.webhooks ?? [];
  }
}
