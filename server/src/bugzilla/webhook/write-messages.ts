import { API_NAME_OF_COLUMN } from '../attachment/attachment.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';
import {
  changeSetId,
  modifyChanges,
  type PushChange,
  type PushEventContext,
  type PushMessage,
  pushMessage,
} from './push-message.js';
import { isPublicBug, pushAttachment, pushBug, pushComment } from './push-serialize.js';

type Changes = Readonly<Record<string, { removed: string; added: string }>>;

const COLUMN_OF_API_NAME = new Map(Object.entries(API_NAME_OF_COLUMN).map(([column, name]) => [name, column]));

/** An attachment's changes by its columns' names, as Bugzilla::Attachment->update gives them to the Push hooks. */
function columnNamed(changes: Changes): Changes {
  return Object.fromEntries(
    Object.entries(changes).map(([name, change]) => [COLUMN_OF_API_NAME.get(name) ?? name, change]),
  );
}

/** A write of the API, as BMO's Push extension hears of it (the object hooks of extensions/Push/Extension.pm). */
export type PushedWrite =
  /** Bug.create: its description (comment 0), then the bug. */
  | { kind: 'bug-created'; bugId: number }
  /** Bug.update of one bug: the comments it added, then what changed; `before` is the bug as it was. */
  | { kind: 'bug-changed'; before: Bug; changes: Changes; commentIds: readonly number[] }
  | { kind: 'comment-added'; commentId: number }
  /** Bug.add_attachment: the attachment, then the comment that says so. */
  | { kind: 'attachment-added'; attachmentId: number; commentId: number | undefined }
  | { kind: 'attachment-changed'; attachmentId: number; changes: Changes };

interface Context {
  store: Store;
  actor: User;
  /** Epoch seconds of the write (the event's time). */
  when: number;
  nowMs: number;
}

/** The messages a write makes, in BMO's order, each serialised as things are now (right after the write). */
export function writeMessages(write: PushedWrite, context: Context): Read<PushMessage[]> {
  const event = { actor: context.actor, when: context.when, changeSet: changeSetId(context.nowMs) };
  const { store } = context;
  const kept = (messages: Array<PushMessage | undefined>) => messages.filter((m): m is PushMessage => m !== undefined);
  const comments = (ids: readonly number[]) => readAll(ids.map((id) => commentMessage(id, store, event)));
  switch (write.kind) {
    case 'bug-created':
      return afterRead(store.bugById(write.bugId), (bug) => {
        if (!bug) return [];
        return afterRead(store.commentsOf(bug.id), (own) =>
          afterRead(comments(own.slice(0, 1).map((comment) => comment.id)), (first) =>
            afterRead(pushBug(bug, store), (hash) =>
              kept([...first, pushMessage('create', 'bug', hash, bug.id, event)]),
            ),
          ),
        );
      });
    case 'comment-added':
      return afterRead(commentMessage(write.commentId, store, event), (message) => kept([message]));
    case 'bug-changed':
      return afterRead(comments(write.commentIds), (added) =>
        afterRead(store.bugById(write.before.id), (bug) =>
          bug
            ? afterRead(bugChanged(write.before, bug, write.changes, store, event), (own) => kept([...added, ...own]))
            : kept(added),
        ),
      );
    case 'attachment-added':
      return afterRead(attachmentMessage(write.attachmentId, 'create', [], store, event), (message) =>
        afterRead(comments(write.commentId === undefined ? [] : [write.commentId]), (comment) =>
          kept([message, ...comment]),
        ),
      );
    case 'attachment-changed':
      return afterRead(
        attachmentMessage(write.attachmentId, 'modify', modifyChanges(columnNamed(write.changes)), store, event),
        (message) => kept([message]),
      );
  }
}

function commentMessage(commentId: number, store: Store, event: PushEventContext): Read<PushMessage | undefined> {
  return afterRead(store.commentById(commentId), (comment) => {
    if (!comment) return undefined;
    return afterRead(readAll([store.bugById(comment.bugId)]), ([bug]) => {
      if (!bug) return undefined;
      return afterRead(store.commentsOf(bug.id), (all) => {
        const count = all.findIndex((one) => one.id === comment.id);
        return afterRead(pushComment(comment, count, bug, store), (hash) =>
          pushMessage('create', 'comment', hash, bug.id, event),
        );
      });
    });
  });
}

/**
 * `_object_modified` of a bug: a bug that became private first gets a message of that alone, made
 * of the bug as it was (so nothing of it leaks); one that became public, of the bug as it is; then
 * the changes.
 */
function bugChanged(
  before: Bug,
  bug: Bug,
  changes: Changes,
  store: Store,
  event: PushEventContext,
): Read<Array<PushMessage | undefined>> {
  const isPublic = isPublicBug(bug);
  const wasPublic = before.groups.length === 0;
  const privacy: { of: Bug; change: PushChange } | undefined =
    !isPublic && wasPublic
      ? { of: before, change: { field: 'is_private', removed: '0', added: '1' } }
      : isPublic && !wasPublic
        ? { of: bug, change: { field: 'is_private', removed: '1', added: '0' } }
        : undefined;
  const listed = modifyChanges(changes);
  return afterRead(privacy ? pushBug(privacy.of, store) : undefined, (privacyHash) =>
    afterRead(pushBug(bug, store), (hash) => [
      privacy && privacyHash ? pushMessage('modify', 'bug', privacyHash, bug.id, event, [privacy.change]) : undefined,
      listed.length > 0 ? pushMessage('modify', 'bug', hash, bug.id, event, listed) : undefined,
    ]),
  );
}

function attachmentMessage(
  attachmentId: number,
  action: 'create' | 'modify',
  changes: PushChange[],
  store: Store,
  event: PushEventContext,
): Read<PushMessage | undefined> {
  if (action === 'modify' && changes.length === 0) return undefined;
  return afterRead(store.attachmentById(attachmentId), (attachment) => {
    if (!attachment) return undefined;
    return afterRead(store.bugById(attachment.bugId), (bug) => {
      if (!bug) return undefined;
      return afterRead(pushAttachment(attachment, bug, store), (hash) =>
        pushMessage(action, 'attachment', hash, bug.id, event, changes),
      );
    });
  });
}
