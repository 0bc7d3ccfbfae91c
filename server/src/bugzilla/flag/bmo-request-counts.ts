import { afterRead, type Read } from '../read.js';
import type { Store } from '../store/store.js';
import type { BugFlag } from '../types.js';

/** How many requests (`?` flags) wait on a user, by BMO's kinds (extensions/Review: `<kind>_request_count`). */
export interface RequestCounts {
  review: number;
  feedback: number;
  needinfo: number;
}

/** The flag types BMO counts, and the kind each counts as (Review/Extension.pm `_adjust_request_count`: data-review is a review). */
const KIND_OF_FLAG: Readonly<Record<string, keyof RequestCounts>> = {
  review: 'review',
  'data-review': 'review',
  feedback: 'feedback',
  needinfo: 'needinfo',
};

/**
 * The pending requests of each of `logins`, counted over every bug's and attachment's flags as
 * Review/lib/Util.pm's rebuild_review_counters counts them (BMO keeps the counts in `profiles` and
 * moves them as flags change; counted here when asked, to the same numbers).
 */
export function requestCounts(store: Store, logins: readonly string[]): Read<Map<string, RequestCounts>> {
  const counts = new Map(logins.map((login) => [login.toLowerCase(), { review: 0, feedback: 0, needinfo: 0 }]));
  const count = (flag: BugFlag) => {
    const kind = KIND_OF_FLAG[flag.name];
    if (flag.status !== '?' || kind === undefined || !flag.requestee) return;
    const owner = counts.get(flag.requestee.toLowerCase());
    if (owner) owner[kind]++;
  };
  return afterRead(store.allBugs(), (bugs) => {
    for (const bug of bugs) for (const flag of bug.fields.flags) count(flag);
    return afterRead(store.attachmentFlagsByBug(), (byBug) => {
      for (const flags of byBug.values()) for (const flag of flags) count(flag);
      const byLogin = new Map<string, RequestCounts>();
      for (const login of logins) byLogin.set(login, counts.get(login.toLowerCase()) as RequestCounts);
      return byLogin;
    });
  });
}
