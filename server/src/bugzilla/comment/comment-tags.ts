import { BugzillaError } from '../errors.js';

/** Bugzilla::Constants MIN_COMMENT_TAG_LENGTH and MAX_COMMENT_TAG_LENGTH. */
const MIN_LENGTH = 3;
const MAX_LENGTH = 24;

export const commentTagErrors = {
  disabled: () => new BugzillaError(125, 'The comment tagging is not enabled.'),
  invalid: (tag: string) => new BugzillaError(126, `The comment tag "${tag}" contains invalid characters or words.`),
  tooLong: () => new BugzillaError(127, `Comment tags cannot be longer than ${MAX_LENGTH} characters.`),
  tooShort: () => new BugzillaError(128, `Comment tags must be at least ${MIN_LENGTH} characters.`),
  /** Outside `comment_taggers_group` (5.2's auth_failure; its text has no verb for "update"). */
  notATagger: (group: string, action: 'update' | 'search') =>
    new BugzillaError(
      304,
      `Sorry, you aren't a member of the '${group}' group, and so you are not authorized to ${action === 'search' ? 'search ' : ''}comment tags.`,
    ),
};

/** Bugzilla::Comment::_check_tag: 3 to 24 characters, each a word character, `.`, `_` or `-`. */
function checkTag(tag: string): string {
  const length = [...tag].length;
  if (length < MIN_LENGTH) throw commentTagErrors.tooShort();
  if (length > MAX_LENGTH) throw commentTagErrors.tooLong();
  if (!/^[\p{L}\p{N}\p{M}\p{Pc}._-]+$/u.test(tag)) throw commentTagErrors.invalid(tag);
  return tag;
}

/** Tags as 5.2 lists them: by name without regard to case (PostgreSQL's collation), then as written. */
export function sortTags(tags: readonly string[]): string[] {
  return [...tags].sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });
}

/**
 * A comment's tags after 5.2's add_tag and remove_tag: every tag checked first (adds, then
 * removes, as 5.2 walks them), an added tag kept in the case it was first added with (adding
 * `SPAM` where `spam` is changes nothing), a removal matched without regard to case.
 */
export function changedTags(current: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const tags = [...current];
  for (const tag of add) {
    checkTag(tag);
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  for (const tag of remove) {
    checkTag(tag);
    const at = tags.findIndex((existing) => existing.toLowerCase() === tag.toLowerCase());
    if (at >= 0) tags.splice(at, 1);
  }
  return sortTags(tags);
}

/** The tags a tag search answers: those containing `query` (without regard to case), most used first, at most `limit`. */
export function matchingTags(weights: ReadonlyMap<string, number>, query: string, limit: number): string[] {
  const wanted = query.toLowerCase();
  return sortTags([...weights.keys()].filter((tag) => tag.toLowerCase().includes(wanted)))
    .sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0))
    .slice(0, limit);
}
