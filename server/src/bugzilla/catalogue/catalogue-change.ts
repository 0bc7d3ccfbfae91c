import type { Catalogue } from './catalogue.js';
import type { CatalogueData } from './types.js';

/**
 * What a catalogue write makes of the catalogue it finds: the next catalogue and the
 * answer, or it throws the BugzillaError that refuses it (and nothing changes). Stores run
 * it under their write serialisation against the catalogue as it is then, so two writes
 * never plan against the same state. `renamedGroups` says which groups changed their name,
 * so that the users in them follow.
 */
export type CatalogueChange<T> = (current: Catalogue) => CataloguePlan<T>;

export interface CataloguePlan<T> {
  next: CatalogueData;
  answer: T;
  renamedGroups?: Array<readonly [from: string, to: string]>;
}

/** A copy of the catalogue's data to build the next one from (the current one is never changed). */
export function editable(current: Catalogue): CatalogueData {
  return structuredClone(current.data) as CatalogueData;
}

/** One past the largest id of these records. */
export const nextIdOf = (items: ReadonlyArray<{ id: number }>) =>
  items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
