import type { Mismatch } from '@bz-companion/shared';
import { NumberedJournal } from '../../http/numbered-journal.js';

export type { Mismatch };

/** The mismatches found, oldest first: the latest 10,000. */
export class MismatchJournal extends NumberedJournal<Mismatch> {
  constructor() {
    super(10_000);
  }
}
