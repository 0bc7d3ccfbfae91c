import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { replayFamily } from '../../../testing/replay-family.js';
import type { Store } from '../../bugzilla/store/store.js';

/*
 * Every recorded attachments case (test-data/bugzilla-5.2/attachments.json) gets 5.2's answer
 * on the file store and on PostgreSQL.
 */
replayFamily({
  family: 'attachments',
  snapshot: bugzilla52ExtendedSnapshot,
  startedAt: '2026-11-26T17:44:36Z',
  replayed: () => true,
  recordedClock: true,
  before: (n: number, store: Store) => {
    // The recording set maxattachmentsize to 1 KB for #37 and #38.
    if (n === 37) store.instance.parameters.maxattachmentsize = '1';
    if (n === 39) store.instance.parameters.maxattachmentsize = '1000';
  },
});
