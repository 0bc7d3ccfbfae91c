import type { Store } from '../store/store.js';
import { bugzilla52ExtendedFixture } from '../testing/bugzilla-5.2-extended-fixture.js';
import { replayFamily } from '../testing/replay-family.js';

/*
 * Every recorded attachments case (test-data/bugzilla-5.2/attachments.json) gets 5.2's answer
 * on the file store and on PostgreSQL, but for the cases listed, each of which must still differ.
 */
replayFamily({
  family: 'attachments',
  fixture: bugzilla52ExtendedFixture,
  startedAt: '2026-11-26T17:44:36Z',
  replayed: () => true,
  differences: {
    52: "attachment 5's approval flag (set as it was attached): flags on attachments are not set yet",
    54: "the approval flag's history row: flags on attachments are not set yet",
  },
  before: (n: number, store: Store) => {
    // The recording set maxattachmentsize to 1 KB for #37 and #38.
    if (n === 37) store.instance.parameters.maxattachmentsize = '1';
    if (n === 39) store.instance.parameters.maxattachmentsize = '1000';
  },
});
