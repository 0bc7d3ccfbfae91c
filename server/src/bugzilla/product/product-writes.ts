import type { Catalogue } from '../catalogue/catalogue.js';
import { type CatalogueChange, editable, nextIdOf } from '../catalogue/catalogue-change.js';
import { catalogueErrors, catalogueWriteErrors } from '../catalogue/catalogue-errors.js';
import type { CatalogueData, Product } from '../catalogue/types.js';

/** Product.create as asked (absent members are undefined). */
export interface NewProduct {
  name: string | undefined;
  description: string | undefined;
  version: string | undefined;
  defaultMilestone: string | undefined;
  hasUnconfirmed: boolean | undefined;
  isOpen: boolean | undefined;
  classification: string | undefined;
  /** `useclassification`: only then is `classification` read. */
  useClassification: boolean;
}

const MAX_PRODUCT_NAME = 64;

/** 5.2's Bugzilla::Product::_check_name: required, at most 64 characters, not taken in any letter case. */
function checkedName(name: string | undefined, catalogue: Catalogue, self?: Product): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') throw catalogueWriteErrors.productNameMissing();
  if ([...trimmed].length > MAX_PRODUCT_NAME) throw catalogueWriteErrors.productNameTooLong(trimmed);
  const existing = catalogue.product(trimmed);
  if (existing && existing.id !== self?.id) {
    if (existing.name === trimmed) throw catalogueWriteErrors.productNameTaken(trimmed);
    throw catalogueWriteErrors.productNameCase(trimmed, existing.name);
  }
  return trimmed;
}

export function createProduct(input: NewProduct): CatalogueChange<{ id: number }> {
  return (current) => {
    const name = checkedName(input.name, current);
    const description = (input.description ?? '').trim();
    if (description === '') throw catalogueWriteErrors.productDescriptionMissing();
    const version = (input.version ?? '').trim();
    if (version === '') throw catalogueWriteErrors.productVersionMissing();
    const next = editable(current);
    const classification =
      (input.useClassification && input.classification !== undefined
        ? current.classification(input.classification)
        : undefined) ?? current.classificationById(1);
    const id = nextIdOf(next.products);
    const milestone = (input.defaultMilestone ?? '---').trim() || '---';
    next.products.push({
      id,
      name,
      description,
      classificationId: classification?.id ?? 1,
      isActive: input.isOpen ?? true,
      defaultMilestone: milestone,
      allowsUnconfirmed: input.hasUnconfirmed ?? true,
      components: [],
      versions: [
        { id: nextIdOf(next.products.flatMap((p) => p.versions)), productId: id, value: version, isActive: true },
      ],
      milestones: [
        {
          id: nextIdOf(next.products.flatMap((p) => p.milestones)),
          productId: id,
          value: milestone,
          sortkey: 0,
          isActive: true,
        },
      ],
      groupControls: [],
    });
    return { next, answer: { id } };
  };
}

/** Product.update's changes (absent members are undefined). */
export interface ProductChanges {
  name: string | undefined;
  description: string | undefined;
  defaultMilestone: string | undefined;
  isOpen: boolean | undefined;
  hasUnconfirmed: boolean | undefined;
}

type Changes = Record<string, { added: string; removed: string }>;

const flag = (value: boolean) => (value ? '1' : '0');

/** The products `ids` and `names` name (an unknown one refuses the whole request), each once. */
function productsNamed(catalogue: Catalogue, ids: readonly string[], names: readonly string[]): Product[] {
  const found: Product[] = [];
  for (const id of ids) {
    const product = /^\d+$/.test(id) ? catalogue.productById(Number(id)) : undefined;
    if (!product) throw catalogueErrors.productIdAccessDenied(id);
    if (!found.includes(product)) found.push(product);
  }
  for (const name of names) {
    const product = catalogue.product(name);
    if (!product) throw catalogueErrors.productAccessDenied(name);
    if (!found.includes(product)) found.push(product);
  }
  return found;
}

function applyChanges(product: Product, changes: ProductChanges, current: Catalogue): Changes {
  const result: Changes = {};
  if (changes.name !== undefined) {
    const name = checkedName(changes.name, current, product);
    if (name !== product.name) result.name = { removed: product.name, added: name };
    product.name = name;
  }
  if (changes.description !== undefined) {
    const description = changes.description.trim();
    if (description === '') throw catalogueWriteErrors.productDescriptionMissing();
    if (description !== product.description) result.description = { removed: product.description, added: description };
    product.description = description;
  }
  if (changes.defaultMilestone !== undefined) {
    const milestone = changes.defaultMilestone.trim();
    if (!product.milestones.some((m) => m.value === milestone)) {
      throw catalogueWriteErrors.milestoneMissing(milestone, product.name);
    }
    if (milestone !== product.defaultMilestone) {
      result.default_milestone = { removed: product.defaultMilestone, added: milestone };
    }
    product.defaultMilestone = milestone;
  }
  if (changes.isOpen !== undefined && changes.isOpen !== product.isActive) {
    result.is_open = { removed: flag(product.isActive), added: flag(changes.isOpen) };
    product.isActive = changes.isOpen;
  }
  if (changes.hasUnconfirmed !== undefined && changes.hasUnconfirmed !== product.allowsUnconfirmed) {
    result.has_unconfirmed = { removed: flag(product.allowsUnconfirmed), added: flag(changes.hasUnconfirmed) };
    product.allowsUnconfirmed = changes.hasUnconfirmed;
  }
  return result;
}

/** Product.update: every product named gets the same changes; one refusal refuses them all. */
export function updateProducts(
  ids: readonly string[],
  names: readonly string[],
  changes: ProductChanges,
): CatalogueChange<{ products: Array<{ id: number; changes: Changes }> }> {
  return (current) => {
    const chosen = productsNamed(current, ids, names);
    const next: CatalogueData = editable(current);
    const products = chosen.map((product) => {
      const editing = next.products.find((p) => p.id === product.id) as Product;
      return { id: product.id, changes: applyChanges(editing, changes, current) };
    });
    return { next, answer: { products } };
  };
}

/** Component.create as asked; the users are already looked up (null: none asked). */
export interface NewComponent {
  product: string;
  name: string | undefined;
  description: string | undefined;
  defaultAssignee: number | null;
  defaultQaContact: number | null;
  defaultCc: number[];
  isOpen: boolean | undefined;
}

export function createComponent(input: NewComponent): CatalogueChange<{ id: number }> {
  return (current) => {
    const product = current.product(input.product);
    if (!product) throw catalogueErrors.productAccessDenied(input.product);
    const name = (input.name ?? '').trim();
    if (name === '') throw catalogueWriteErrors.componentNameMissing();
    if (current.component(product, name)) throw catalogueWriteErrors.componentTaken(product.name, name);
    const description = (input.description ?? '').trim();
    if (description === '') throw catalogueWriteErrors.componentDescriptionMissing();
    if (input.defaultAssignee === null) throw catalogueWriteErrors.componentAssigneeMissing();
    const next = editable(current);
    const editing = next.products.find((p) => p.id === product.id) as Product;
    const id = nextIdOf(next.products.flatMap((p) => p.components));
    editing.components.push({
      id,
      productId: product.id,
      name,
      description,
      defaultAssignee: input.defaultAssignee,
      defaultQaContact: input.defaultQaContact,
      defaultCc: input.defaultCc,
      isActive: input.isOpen ?? true,
    });
    return { next, answer: { id } };
  };
}
