import { describe, expect, it } from 'vitest';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { PROFILES } from '../../profiles/profiles.js';
import { createMemoryStore } from '../../stores/memory/memory-store.js';
import type { Bug, User } from '../types.js';
import { visitEffectsOfUpdate } from './update-visits.js';

/** Bug 1: a reports it, b is in its CC list, c is not involved; b and c have visited it. */
function tracker(strict: boolean) {
  const store = createMemoryStore(
    snapshotFromFixture({
      instance: { strict_involvement: strict },
      users: [{ login: 'a@example.com' }, { login: 'b@example.com' }, { login: 'c@example.com' }],
      bugs: [{ id: 1, reporter: 'a@example.com', cc: ['b@example.com'] }],
      last_visits: [
        { user: 'b@example.com', bug_id: 1, last_visit_ts: '2026-01-01T00:00:00Z' },
        { user: 'c@example.com', bug_id: 1, last_visit_ts: '2026-01-01T00:00:00Z' },
      ],
    }),
  );
  const user = (id: number) => store.userById(id) as User;
  return { store, bug: store.bugById(1) as Bug, reporter: user(1), outsider: user(3) };
}

describe("a bug update's effect on last visits", () => {
  it.each([
    ['bz-companion', false, { authorVisit: true, forgetVisitsOf: [] }],
    ['bz-companion', true, { authorVisit: true, forgetVisitsOf: [3] }],
    ['bugzilla-5.2', false, { authorVisit: true, forgetVisitsOf: [3] }],
    ['bugzilla-5.1', false, { authorVisit: true, forgetVisitsOf: [3] }],
    ['bmo', true, { authorVisit: false, forgetVisitsOf: [] }],
  ] as const)('under %s (strict_involvement %s): %j', async (profile, strict, effects) => {
    const { store, bug, reporter } = tracker(strict);
    expect(await visitEffectsOfUpdate(store, bug, reporter, PROFILES[profile])).toEqual(effects);
  });

  it('sets no visit for a changer who is not involved', async () => {
    const { store, bug, outsider } = tracker(false);
    expect((await visitEffectsOfUpdate(store, bug, outsider, PROFILES['bugzilla-5.2'])).authorVisit).toBe(false);
  });
});
