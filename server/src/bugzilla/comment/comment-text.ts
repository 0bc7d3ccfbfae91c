import { errors } from '../errors.js';

/** Bugzilla::Constants MAX_COMMENT_LENGTH, in characters. */
const MAX_COMMENT_LENGTH = 65535;

/**
 * A comment's text as Bugzilla::Bug's _check_comment keeps it: trailing white space trimmed and
 * line ends made `\n`; nothing given is the empty text. One rule for Bug.add_comment, the
 * comment of Bug.update and the description of Bug.create.
 */
export function commentText(given: unknown): string {
  if (given === undefined || given === null) return '';
  return String(given).replace(/\s+$/, '').replace(/\r\n?/g, '\n');
}

/** Refuses a text longer than MAX_COMMENT_LENGTH characters (5.2's comment_too_long, 114). */
export function checkCommentLength(text: string): void {
  if ([...text].length > MAX_COMMENT_LENGTH) throw errors.commentTooLong(MAX_COMMENT_LENGTH);
}
