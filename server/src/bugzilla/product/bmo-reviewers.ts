import type { Component, Product } from '../catalogue/types.js';
import { bugsWithFlags } from '../flag/pending-flag-bugs.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, BugFlag, User } from '../types.js';

/** extensions/Review/Extension.pm UNAVAILABLE_RE: a name saying its owner is away. */
const UNAVAILABLE = /\b(?:unavailable|pto|away)\b/i;
/** The flag types a user's review_count counts (Extension.pm `_user_review_count`). */
const REVIEW_KINDS: ReadonlySet<string> = new Set(['review', 'feedback', 'data-review']);
const DAY = 86_400;

/** A suggested reviewer and how many review and feedback requests name them. */
export interface SuggestedReviewer {
  user: User;
  reviewCount: number;
}

/**
 * Extension.pm `_user_is_active`: a `.bugs` or `.tld` address always is; otherwise, while
 * max_reviewer_last_seen is set, a user last seen within that many days.
 */
function isActive(user: User, store: Store, nowSeconds: number): boolean {
  if (/\.(?:bugs|tld)$/.test(user.login)) return true;
  const days = Number(store.instance.parameters.max_reviewer_last_seen ?? '0') || 0;
  if (days === 0) return true;
  if (user.lastSeenDate === undefined) return false;
  return Math.floor((nowSeconds - user.lastSeenDate) / DAY) <= days;
}

/**
 * `_reviewers_objs` filtered: the product's or component's reviewers (in their order) who are
 * enabled, active, not named away, and not blocking reviews (`block_reviews`).
 */
function availableReviewers(store: Store, ids: readonly number[], nowSeconds: number): Read<User[]> {
  return afterRead(readAll(ids.map((id) => store.userById(id))), (users) =>
    users.filter(
      (user): user is User =>
        user !== undefined &&
        !user.disabled &&
        isActive(user, store, nowSeconds) &&
        !UNAVAILABLE.test(user.realName) &&
        user.settings?.block_reviews !== 'on',
    ),
  );
}

/**
 * Each user's review_count: every review, feedback or data-review flag (of any status) that names them,
 * over the bugs that hold one (found by a search where the data is).
 */
async function reviewCounts(store: Store, users: readonly User[]): Promise<Map<number, number>> {
  const byLogin = new Map(users.map((user) => [user.login.toLowerCase(), user.id]));
  const counts = new Map(users.map((user) => [user.id, 0]));
  const count = (flag: BugFlag) => {
    if (!REVIEW_KINDS.has(flag.name) || !flag.requestee) return;
    const id = byLogin.get(flag.requestee.toLowerCase());
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  const query = { role: 'requestee', userIds: users.map((user) => user.id), types: [...REVIEW_KINDS] } as const;
  for (const bug of await bugsWithFlags(store, { ...query, statuses: ['?', '+', '-'] })) {
    for (const flag of bug.fields.flags) count(flag);
    for (const attachment of await store.attachmentsOf(bug.id)) for (const flag of attachment.flags) count(flag);
  }
  return counts;
}

/**
 * Review.suggestions (extensions/Review/lib/WebService.pm suggestions): the bug's mentors, then the
 * component's available reviewers, then, when there is no component or it has none available, the
 * product's; each with their review_count.
 */
export function suggestedReviewers(
  store: Store,
  target: { bug?: Bug; product: Product; component?: Component | undefined },
  nowSeconds: number,
): Read<SuggestedReviewer[]> {
  const mentors = readAll((target.bug?.fields.mentors ?? []).map((id) => store.userById(id)));
  const fromComponent = availableReviewers(store, target.component?.reviewers ?? [], nowSeconds);
  return afterRead(mentors, (bugMentors) =>
    afterRead(fromComponent, (componentReviewers) => {
      const fromProduct =
        componentReviewers.length === 0 ? availableReviewers(store, target.product.reviewers ?? [], nowSeconds) : [];
      return afterRead(fromProduct, (productReviewers) => {
        const users = [
          ...bugMentors.filter((user): user is User => user !== undefined),
          ...componentReviewers,
          ...productReviewers,
        ];
        return afterRead(reviewCounts(store, users), (counts) =>
          users.map((user) => ({ user, reviewCount: counts.get(user.id) ?? 0 })),
        );
      });
    }),
  );
}
