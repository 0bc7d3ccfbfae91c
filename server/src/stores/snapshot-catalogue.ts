import { snaked, unsnaked } from '../bugzilla/catalogue/snake-case.js';
import type { CatalogueData } from '../bugzilla/catalogue/types.js';
import { impliedCatalogue } from '../bugzilla/field/implied.js';
import type { SnapshotCatalogue, StoreSnapshot } from '../bugzilla/store/snapshot.js';

/** A snapshot's catalogue: its own, or (a data file or fixture written before there was one) what its bugs imply. */
export function catalogueOfSnapshot(snapshot: StoreSnapshot): CatalogueData {
  if (snapshot.catalogue) return catalogueOfSection(snapshot.catalogue);
  return impliedCatalogue({
    bugs: snapshot.bugs,
    groupNames: [...snapshot.groups, ...snapshot.users.flatMap((user) => user.groups)],
    firstUserId: snapshot.users.reduce<number | null>(
      (min, user) => (min === null || user.id < min ? user.id : min),
      null,
    ),
  });
}

export const snapshotCatalogue = (catalogue: CatalogueData): SnapshotCatalogue => snaked(catalogue);

export const catalogueOfSection = (section: SnapshotCatalogue): CatalogueData => unsnaked<CatalogueData>(section);
