import { BugzillaError, errors } from '../errors.js';
import { perlTrue } from '../perl-truth.js';
import type { Comment } from '../types.js';

const commentPrivacyErrors = {
  /** Ids that name no comment of the bug (5.2's comment_invalid_isprivate). */
  invalid: (ids: readonly string[]) =>
    new BugzillaError(
      117,
      `You tried to modify the privacy of comment id ${ids.join(', ')}, but that is not a valid comment on this bug.`,
    ),
};

/** One comment whose privacy changes, with its `longdescs.isprivate` history row's values. */
export interface PrivacyChange {
  commentId: number;
  isPrivate: boolean;
  removed: string;
  added: string;
}

/**
 * Bug.update's `comment_is_private` (`{comment id: bool}`) on one bug, as 5.2's
 * set_comment_is_private: each named comment of the bug whose privacy differs changes, which only
 * an insider may do (113); an id that is not one of the bug's comments is refused (117). A single
 * value instead of a map names one comment, made public (5.2 reads it as `{id => undef}`).
 */
export function planCommentPrivacy(
  given: unknown,
  comments: ReadonlyArray<Pick<Comment, 'id' | 'isPrivate'>>,
  insider: boolean,
): PrivacyChange[] {
  const asked = new Map<string, unknown>(
    given !== null && typeof given === 'object' && !Array.isArray(given)
      ? Object.entries(given as Record<string, unknown>)
      : [[String(given), undefined]],
  );
  const changes: PrivacyChange[] = [];
  for (const comment of comments) {
    const key = String(comment.id);
    if (!asked.has(key)) continue;
    const isPrivate = perlTrue(asked.get(key));
    asked.delete(key);
    if (isPrivate === comment.isPrivate) continue;
    if (!insider) throw errors.notInsider();
    changes.push({
      commentId: comment.id,
      isPrivate,
      removed: comment.isPrivate ? '1' : '0',
      added: isPrivate ? '1' : '0',
    });
  }
  if (asked.size > 0) throw commentPrivacyErrors.invalid([...asked.keys()]);
  return changes;
}
