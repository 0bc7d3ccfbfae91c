import { formatBugzillaTime } from '@bz-companion/shared';
import { attachmentCommentText } from '../../bugzilla/attachment/attachment.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Comment } from '../../bugzilla/types.js';
import type { FieldSelection } from '../method/field-selection.js';

/**
 * A comment as 5.2's Bug.comments answers it. `time` and `creation_time` are
 * the same (there is no edit time); `count` is the comment's place among all
 * of its bug's comments, private ones included (the caller knows it); `tags` is there while
 * comment tagging is on (`comment_taggers_group` set).
 */
export async function commentJson(
  comment: Comment,
  count: number,
  store: Store,
  fields: FieldSelection,
): Promise<Record<string, unknown>> {
  const json: Record<string, unknown> = {};
  const put = (name: string, value: () => unknown) => {
    if (fields.wants(name)) json[name] = value();
  };
  const at = formatBugzillaTime(comment.time * 1000);
  put('id', () => comment.id);
  put('bug_id', () => comment.bugId);
  put('count', () => count);
  const creator = fields.wants('creator') ? ((await store.userById(comment.author))?.login ?? '') : '';
  put('creator', () => creator);
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
  put('is_private', () => comment.isPrivate);
  put('attachment_id', () => attachmentId);
  if ((store.instance.parameters.comment_taggers_group ?? '') !== '') put('tags', () => [...(comment.tags ?? [])]);
  return json;
}
