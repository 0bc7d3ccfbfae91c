import type { Store } from '../store/store.js';
import type { BugFlag, User } from '../types.js';
import { bugsWithPendingFlags } from './pending-flag-bugs.js';

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
 * The pending requests of each of `users`, counted over the flags of the bugs and attachments that hold
 * one (found where the data is) as Review/lib/Util.pm's rebuild_review_counters counts them (BMO keeps
 * the counts in `profiles` and moves them as flags change; counted here when asked, to the same numbers).
 */
export async function requestCounts(store: Store, users: readonly User[]): Promise<Map<string, RequestCounts>> {
  const counts = new Map(users.map((user) => [user.login.toLowerCase(), { review: 0, feedback: 0, needinfo: 0 }]));
  const count = (flag: BugFlag) => {
    const kind = KIND_OF_FLAG[flag.name];
    if (flag.status !== '?' || kind === undefined || !flag.requestee) return;
    const owner = counts.get(flag.requestee.toLowerCase());
    if (owner) owner[kind]++;
  };
  const query = { role: 'requestee', userIds: users.map((user) => user.id), types: Object.keys(KIND_OF_FLAG) } as const;
  for (const bug of await bugsWithPendingFlags(store, query)) {
    for (const flag of bug.fields.flags) count(flag);
    for (const attachment of await store.attachmentsOf(bug.id)) for (const flag of attachment.flags) count(flag);
  }
  const byLogin = new Map<string, RequestCounts>();
  for (const user of users) byLogin.set(user.login, counts.get(user.login.toLowerCase()) as RequestCounts);
  return byLogin;
}
