import type { Catalogue } from '../catalogue/catalogue.js';
import { type CatalogueChange, editable, nextIdOf } from '../catalogue/catalogue-change.js';
import { catalogueErrors, catalogueWriteErrors } from '../catalogue/catalogue-errors.js';
import type { FlagScope, FlagType } from '../catalogue/types.js';

/** Inclusions or exclusions as FlagType.create takes them: product names, or `{product: [component, …]}`. */
export type ScopeList = ReadonlyArray<string | Record<string, readonly string[]>>;

/** 5.2's _process_lists: a product name is the whole product; a `Product:Component` string is a product name too. */
function scopesOf(catalogue: Catalogue, list: ScopeList): FlagScope[] {
  const scopes: FlagScope[] = [];
  for (const entry of list) {
    const byProduct: Record<string, readonly string[]> = typeof entry === 'string' ? { [entry]: [] } : entry;
    for (const [productName, components] of Object.entries(byProduct)) {
      const product = catalogue.product(productName);
      if (!product) throw catalogueErrors.productAccessDenied(productName);
      if (components.length === 0) scopes.push({ productId: product.id, componentId: null });
      for (const componentName of components) {
        const component = catalogue.component(product, componentName);
        if (!component) throw catalogueErrors.noSuchComponent(componentName, product.name);
        scopes.push({ productId: product.id, componentId: component.id });
      }
    }
  }
  return scopes;
}

function checkedName(name: string): string {
  if (name.length < 1 || name.length > 50 || /[ ,]/.test(name)) throw catalogueWriteErrors.flagTypeNameInvalid(name);
  return name;
}

function groupId(catalogue: Catalogue, name: string | undefined): number | null | undefined {
  if (name === undefined) return undefined;
  if (name === '') return null;
  const group = catalogue.group(name);
  if (!group) throw catalogueErrors.noSuchObject('group', 'name', name);
  return group.id;
}

/** What FlagType.create and update take (absent members are undefined). */
export interface FlagTypeInput {
  name?: string | undefined;
  description?: string | undefined;
  targetType?: string | undefined;
  ccList?: string | undefined;
  isActive?: boolean | undefined;
  isRequestable?: boolean | undefined;
  isRequesteeble?: boolean | undefined;
  isMultiplicable?: boolean | undefined;
  grantGroup?: string | undefined;
  requestGroup?: string | undefined;
  inclusions?: ScopeList | undefined;
  exclusions?: ScopeList | undefined;
}

/** FlagType.create: a bug type, requestable, requesteeble, multiplicable, active, sort key 1, everywhere, unless said. */
export function createFlagType(input: FlagTypeInput): CatalogueChange<{ id: number }> {
  return (current) => {
    const inclusions = input.inclusions
      ? scopesOf(current, input.inclusions)
      : [{ productId: null, componentId: null }];
    const exclusions = input.exclusions ? scopesOf(current, input.exclusions) : [];
    const grantGroupId = groupId(current, input.grantGroup) ?? null;
    const requestGroupId = groupId(current, input.requestGroup) ?? null;
    const name = checkedName(input.name ?? '');
    const target = input.targetType ?? 'bug';
    if (target !== 'bug' && target !== 'attachment') throw catalogueWriteErrors.flagTypeTargetInvalid(target);
    const next = editable(current);
    const id = nextIdOf(next.flagTypes);
    next.flagTypes.push({
      id,
      name,
      description: input.description ?? '',
      ccList: input.ccList ?? '',
      targetType: target,
      isActive: input.isActive ?? true,
      isRequestable: input.isRequestable ?? true,
      isRequesteeble: input.isRequesteeble ?? true,
      isMultiplicable: input.isMultiplicable ?? true,
      sortkey: 1,
      grantGroupId,
      requestGroupId,
      inclusions: inclusions.length > 0 ? inclusions : [{ productId: null, componentId: null }],
      exclusions,
    });
    return { next, answer: { id } };
  };
}

type Changes = Record<string, { added: string; removed: string }>;
const flag = (value: boolean) => (value ? '1' : '0');

function applyTo(type: FlagType, input: FlagTypeInput, current: Catalogue): Changes {
  const changes: Changes = {};
  const set = (key: string, removed: string, added: string) => {
    if (removed !== added) changes[key] = { removed, added };
  };
  if (input.name !== undefined) {
    set('name', type.name, checkedName(input.name));
    type.name = input.name;
  }
  if (input.description !== undefined) {
    set('description', type.description, input.description);
    type.description = input.description;
  }
  if (input.ccList !== undefined) {
    set('cc_list', type.ccList, input.ccList);
    type.ccList = input.ccList;
  }
  const booleans = [
    ['is_active', 'isActive'],
    ['is_requestable', 'isRequestable'],
    ['is_requesteeble', 'isRequesteeble'],
    ['is_multiplicable', 'isMultiplicable'],
  ] as const;
  for (const [key, member] of booleans) {
    const value = input[member];
    if (value === undefined) continue;
    set(key, flag(type[member]), flag(value));
    type[member] = value;
  }
  const grant = groupId(current, input.grantGroup);
  if (grant !== undefined) type.grantGroupId = grant;
  const request = groupId(current, input.requestGroup);
  if (request !== undefined) type.requestGroupId = request;
  // 5.2 reports new lists as "0" -> "1", whatever they hold.
  if (input.inclusions !== undefined) {
    type.inclusions = scopesOf(current, input.inclusions);
    changes.inclusions = { removed: '0', added: '1' };
  }
  if (input.exclusions !== undefined) {
    type.exclusions = scopesOf(current, input.exclusions);
    changes.exclusions = { removed: '0', added: '1' };
  }
  return changes;
}

/** FlagType.update: by ids, and by names (a name updates every type of that name). */
export function updateFlagTypes(
  ids: readonly string[],
  names: readonly string[],
  input: FlagTypeInput,
): CatalogueChange<{ flagtypes: Array<{ id: number; name: string; changes: Changes }> }> {
  return (current) => {
    const chosen: FlagType[] = [];
    for (const id of ids) {
      const type = /^\d+$/.test(id) ? current.flagType(Number(id)) : undefined;
      if (!type) throw catalogueErrors.noSuchObject('flagtype', 'id', id);
      if (!chosen.includes(type)) chosen.push(type);
    }
    for (const name of names) {
      const named = current.data.flagTypes.filter((type) => type.name === name);
      if (named.length === 0) throw catalogueErrors.noSuchObject('flagtype', 'name', name);
      for (const type of named) if (!chosen.includes(type)) chosen.push(type);
    }
    const next = editable(current);
    const flagtypes = chosen.map((type) => {
      const editing = next.flagTypes.find((t) => t.id === type.id) as FlagType;
      const changes = applyTo(editing, input, current);
      return { id: type.id, name: editing.name, changes };
    });
    return { next, answer: { flagtypes } };
  };
}
