import { expect, it } from 'vitest';
import type { FlagActivityCriteria } from '../../src/bugzilla/flag/bmo-flag-activity.js';
import type { Store } from '../../src/bugzilla/store/store.js';
import { owned } from '../owned.js';
import { updateBugs } from './bug-write-contract.js';

const ADMIN = 1;
const DEV = 5;
const T0 = Date.parse('2026-11-28T09:00:00Z') / 1000;
const ALL: FlagActivityCriteria = { from: T0, to: T0 + 86_400, limit: 100, offset: 0 };

/**
 * BMO's flag_activity rows (Bugzilla/Flag.pm: one per flag created, changed or removed), which
 * every store that owns its data records on a bug write and reads by its indexes; a 5.2 database
 * keeps no such table, so it has none.
 */
export function flagActivityContract(store: () => Store, readOnly: boolean): void {
  it('records a flag changed and cleared, by the user who cleared it, and reads them by flag, setter and time', async () => {
    if (readOnly) {
      expect(await store().flagActivity({ ...ALL, flagIds: [1] })).toEqual([]);
      return;
    }
    const review = store().catalogue.data.flagTypes.find((type) => type.name === 'review')?.id as number;
    await updateBugs(store(), ADMIN, [3], { flags: [{ name: 'review', status: '?' }] }, T0 + 100);
    const flagId = (await store().bugById(3))?.fields.flags.find((flag) => flag.type_id === review)?.id as number;
    await updateBugs(store(), ADMIN, [3], { flags: [{ id: flagId, status: '-' }] }, T0 + 150);
    await updateBugs(store(), DEV, [3], { flags: [{ id: flagId, status: 'X' }] }, T0 + 200);
    const rows = await store().flagActivity({ ...ALL, flagIds: [flagId] });
    const row = { flagId, typeId: review, bugId: 3, requesteeId: null, attachmentId: null };
    expect(rows).toEqual([
      expect.objectContaining({ ...row, when: T0 + 100, setterId: ADMIN, status: '?' }),
      expect.objectContaining({ ...row, when: T0 + 150, setterId: ADMIN, status: '-' }),
      expect.objectContaining({ ...row, when: T0 + 200, setterId: DEV, status: 'X' }),
    ]);
    expect(rows.map((one) => one.id)).toEqual([...rows.map((one) => one.id)].sort((a, b) => a - b));
    expect(await store().flagActivity({ ...ALL, setterId: DEV })).toEqual([rows[2]]);
    expect(await store().flagActivity({ ...ALL, typeIds: [review], status: '-' })).toEqual([rows[1]]);
    expect(await store().flagActivity({ ...ALL, bugId: 3, offset: 1, limit: 1 })).toEqual([rows[1]]);
    expect(await store().flagActivity({ ...ALL, from: T0 + 120 })).toEqual(rows.slice(1));
    expect(await store().flagActivity({ ...ALL, to: T0 + 99 })).toEqual([]);
    expect(await store().flagActivity({ ...ALL, flagIds: [2_147_483_648] })).toEqual([]);
    // Kept in the snapshot (a data file's, an export's, what a reset goes back to), ids and all.
    const snapshot = await owned(store()).snapshot();
    expect(snapshot.flag_activity?.filter((one) => one.flag_id === flagId).map((one) => one.id)).toEqual(
      rows.map((one) => one.id),
    );
    await owned(store()).replaceAll(snapshot);
    expect(await store().flagActivity({ ...ALL, flagIds: [flagId] })).toEqual(rows);
  });
}
