import { describe, expect, it } from 'vitest';
import { planCommentPrivacy } from './comment-privacy.js';

/* Bug.update's comment_is_private, as 5.2's set_comment_is_private (Bugzilla/Bug.pm). */
const comments = [
  { id: 28, isPrivate: false },
  { id: 29, isPrivate: false },
  { id: 30, isPrivate: true },
];

describe('comment_is_private on existing comments', () => {
  it('changes only the comments whose privacy differs, each with its longdescs.isprivate values', () => {
    expect(planCommentPrivacy({ 29: true, 30: false, 28: false }, comments, true)).toEqual([
      { commentId: 29, isPrivate: true, removed: '0', added: '1' },
      { commentId: 30, isPrivate: false, removed: '1', added: '0' },
    ]);
    expect(planCommentPrivacy({ 29: 0, 30: '1' }, comments, true)).toEqual([]);
  });

  it('refuses a change by a non-insider (113) but lets them name a comment as it is', () => {
    expect(() => planCommentPrivacy({ 29: true }, comments, false)).toThrow(
      expect.objectContaining({ code: 113, status: 401 }),
    );
    expect(planCommentPrivacy({ 30: true }, comments, false)).toEqual([]);
  });

  it("refuses ids that are not the bug's comments (117), after the bug's own are checked", () => {
    expect(() => planCommentPrivacy({ 29: true, 7: true, abc: true }, comments, true)).toThrow(
      expect.objectContaining({
        code: 117,
        status: 400,
        message: 'You tried to modify the privacy of comment id 7, abc, but that is not a valid comment on this bug.',
      }),
    );
  });

  it('takes a single id as that comment made public, as 5.2 reads a scalar', () => {
    expect(planCommentPrivacy(30, comments, true)).toEqual([
      { commentId: 30, isPrivate: false, removed: '1', added: '0' },
    ]);
  });
});
