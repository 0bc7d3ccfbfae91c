import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { replayFamily } from '../../../testing/replay-family.js';

/*
 * The recorded bug-misc cases (test-data/bugzilla-5.2/bug-misc.json) of the methods served here:
 * comment tags (#1-#23), see-also (#24-#29), personal tags (#30-#37), possible_duplicates (#38-#46), render_comment (#47-#54). Each gets 5.2's answer on the file store and on PostgreSQL.
 */
replayFamily({
  family: 'bug-misc',
  snapshot: bugzilla52ExtendedSnapshot,
  startedAt: '2026-11-26T17:50:00Z',
  replayed: (recorded) =>
    recorded.n <= 23 || (recorded.n >= 24 && recorded.n <= 37) || (recorded.n >= 38 && recorded.n <= 54),
});
