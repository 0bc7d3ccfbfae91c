import type { FlagType } from '../catalogue/types.js';

/**
 * A flag type known only from a flag that names it (an imported bug's flag, or a flag whose
 * type was removed): as permissive as a type can be, so no flag a bug already has is refused.
 * `applies` says whether it applies to every product (a type the data implies) or to none
 * (one that no longer applies keeps only what its flags say of it).
 */
export function typeKnownByItsFlag(
  flag: { type_id: number; name: string },
  description: string,
  applies: 'everywhere' | 'nowhere',
): FlagType {
  return {
    id: flag.type_id,
    name: flag.name,
    description,
    ccList: '',
    targetType: 'bug',
    isActive: true,
    isRequestable: true,
    isRequesteeble: true,
    isMultiplicable: true,
    sortkey: 0,
    grantGroupId: null,
    requestGroupId: null,
    inclusions: applies === 'everywhere' ? [{ productId: null, componentId: null }] : [],
    exclusions: [],
  };
}
