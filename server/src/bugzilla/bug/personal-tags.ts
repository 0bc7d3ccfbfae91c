import { cleanText } from '../attachment/attachment-rules.js';
import { BugzillaError } from '../errors.js';

/** Bugzilla::Constants MAX_LEN_QUERY_NAME: a tag is named like a saved search. */
const MAX_LENGTH = 64;

const personalTagErrors = {
  noName: () => new BugzillaError(32000, 'You tried to create or remove a tag with no name.'),
  tooLong: () => new BugzillaError(32000, `The tag must be less than ${MAX_LENGTH} characters long.`),
};

/** Bugzilla::Bug::_check_tag_name: cleaned, not empty, at most 64 characters, lowercase. */
function checkTagName(name: string): string {
  const tag = cleanText(name);
  if (tag === '') throw personalTagErrors.noName();
  if ([...tag].length > MAX_LENGTH) throw personalTagErrors.tooLong();
  return tag.toLowerCase();
}

/**
 * A user's tags of one bug after Bug.update_tags (5.2's remove_tag for each of `remove`, then
 * add_tag for each of `add`): tags kept in the order they were added, and what changed
 * (diff_arrays of before and after).
 */
export function changedPersonalTags(
  current: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): { tags: string[]; removed: string[]; added: string[] } {
  let tags = [...current];
  for (const name of remove) {
    const tag = checkTagName(name);
    tags = tags.filter((existing) => existing !== tag);
  }
  for (const name of add) {
    const tag = checkTagName(name);
    if (!tags.includes(tag)) tags.push(tag);
  }
  return {
    tags,
    removed: current.filter((tag) => !tags.includes(tag)),
    added: tags.filter((tag) => !current.includes(tag)),
  };
}
