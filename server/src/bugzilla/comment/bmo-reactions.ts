import type { CommentReaction } from '../types.js';

/**
 * BMO's comment reactions (Bugzilla/Comment.pm `%SUPPORTED_REACTIONS`), in the order its pages show
 * them; `use_comment_reactions` turns them on (on by default, Bugzilla/Config/Advanced.pm).
 */
export const SUPPORTED_REACTIONS = ['+1', '-1', 'tada', 'smile', 'sad', 'heart'] as const;

export const isSupportedReaction = (reaction: unknown): reaction is string =>
  typeof reaction === 'string' && (SUPPORTED_REACTIONS as readonly string[]).includes(reaction);

/** Whether the instance has reactions (BMO's default: on; any other tracker has no such parameter). */
export const reactionsOn = (parameters: Readonly<Record<string, string>>) =>
  (parameters.use_comment_reactions ?? '1') !== '0' && parameters.use_comment_reactions !== '';

/**
 * A comment's reactions after `user` adds and removes some (checked already), as
 * Bugzilla::Comment's add_reaction and remove_reaction leave its rows: a reaction the user
 * already made is not made twice (the unique index refuses it, and BMO ignores that), a new one
 * comes last, a removed one goes.
 */
export function changedReactions(
  before: readonly CommentReaction[],
  userId: number,
  add: readonly string[],
  remove: readonly string[],
): CommentReaction[] {
  const after = [...before];
  for (const reaction of add) {
    if (!after.some((one) => one.userId === userId && one.reaction === reaction)) after.push({ userId, reaction });
  }
  return after.filter((one) => one.userId !== userId || !remove.includes(one.reaction));
}

/** `reactions` of a comment in Bug.comments: how many made each (`Comment->reactions`). */
export function reactionCounts(reactions: readonly CommentReaction[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { reaction } of reactions) counts[reaction] = (counts[reaction] ?? 0) + 1;
  return counts;
}
