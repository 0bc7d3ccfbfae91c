import { createProduct } from '../src/bugzilla/product/product-writes.js';

/** The catalogue change that makes a plain product `name` (version 1.0, no classification): tests' new products. */
export function newProduct(name: string) {
  return createProduct({
    name,
    description: 'New',
    version: '1.0',
    defaultMilestone: undefined,
    hasUnconfirmed: undefined,
    isOpen: undefined,
    classification: undefined,
    useClassification: false,
  });
}
