import { formatBugzillaTime } from '@bz-companion/shared';
import { attachmentCommentText } from '../../bugzilla/attachment/attachment.js';
import { reactionCounts, reactionsOn } from '../../bugzilla/comment/bmo-reactions.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Comment } from '../../bugzilla/types.js';
import type { FieldSelection } from '../method/field-selection.js';

/**
 * A comment as 5.2's Bug.comments answers it. `time` and `creation_time` are
 * the same (there is no edit time); `count` is the comment's place among all
 * of its bug's comments, private ones included (the caller knows it); `tags` is there while
 * comment tagging is on (`comment_taggers_group` set). With BMO's `extras`
 * (Bugzilla/WebService/Bug.pm `_translate_comment`) also `author` (the creator again), `raw_text`
 * (the text as written, where `text` renders an attachment's comment) and, while reactions are
 * on, `reactions` (how many made each).
 */
export async function commentJson(
  comment: Comment,
  count: number,
  store: Store,
  fields: FieldSelection,
  extras: boolean,
): Promise<Record<string, unknown>> {
  const json: Record<string, unknown> = {};
  const put = (name: string, value: () => unknown) => {
    if (fields.wants(name)) json[name] = value();
  };
  const at = formatBugzillaTime(comment.time * 1000);
  put('id', () => comment.id);
  put('bug_id', () => comment.bugId);
  put('count', () => count);
  const creator =
    fields.wants('creator') || (extras && fields.wants('author'))
      ? ((await store.userById(comment.author))?.login ?? '')
      : '';
  put('creator', () => creator);
  if (extras) put('author', () => creator);
  put('time', () => at);
  put('creation_time', () => at);
  // An attachment's comment is rendered when read, with the attachment's summary as it is now (5.2).
  const attachmentId = comment.extraData === undefined ? null : Number(comment.extraData);
  let text = comment.text;
  if (comment.type !== undefined && attachmentId !== null && fields.wants('text')) {
    const attachment = await store.attachmentById(attachmentId);
    text = attachmentCommentText(comment.type, attachmentId, attachment?.description ?? '', comment.text);
  }
  put('text', () => text);
  if (extras) put('raw_text', () => comment.text);
  put('is_private', () => comment.isPrivate);
  put('attachment_id', () => attachmentId);
  if (extras && reactionsOn(store.instance.parameters)) put('reactions', () => reactionCounts(comment.reactions ?? []));
  if ((store.instance.parameters.comment_taggers_group ?? '') !== '') put('tags', () => [...(comment.tags ?? [])]);
  return json;
}
