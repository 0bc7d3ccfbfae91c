import { bugzilla52ExtendedFixture } from '../testing/bugzilla-5.2-extended-fixture.js';
import { replayFamily } from '../testing/replay-family.js';

/*
 * The recorded bug-misc cases (test-data/bugzilla-5.2/bug-misc.json) of the methods served here:
 * comment tags (#1-#23), render_comment (#47-#54). Each gets 5.2's answer on the file store and on PostgreSQL.
 */
replayFamily({
  family: 'bug-misc',
  fixture: bugzilla52ExtendedFixture,
  startedAt: '2026-11-26T17:50:00Z',
  replayed: (recorded) => recorded.n <= 23 || (recorded.n >= 47 && recorded.n <= 54),
});
