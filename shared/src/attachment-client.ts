import type { BugRef } from './api.js';
import type { Caller, CallOptions, FieldsOptions } from './call.js';

/** A new attachment: `data` as bytes (sent base64) or as base64 text already. */
export interface NewAttachment {
  data: Uint8Array | string;
  fileName: string;
  summary: string;
  contentType: string;
  comment?: string;
  isPatch?: boolean;
  isPrivate?: boolean;
}

/** What Bug.update_attachment may change. */
export interface AttachmentChanges {
  fileName?: string;
  summary?: string;
  contentType?: string;
  comment?: string;
  isPatch?: boolean;
  isPrivate?: boolean;
  isObsolete?: boolean;
}

function base64(data: Uint8Array | string): string {
  if (typeof data === 'string') return data;
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fields(options: FieldsOptions | undefined): { include_fields?: string[]; exclude_fields?: string[] } {
  const query: { include_fields?: string[]; exclude_fields?: string[] } = {};
  if (options?.includeFields?.length) query.include_fields = [options.includeFields.join(',')];
  if (options?.excludeFields?.length) query.exclude_fields = [options.excludeFields.join(',')];
  return query;
}

/** Bug.attachments, Bug.add_attachment, Bug.update_attachment. */
export function attachmentMethods(call: Caller) {
  return {
    /** A bug's attachments (data base64; `excludeFields: ['data']` leaves it out); private ones only for insiders and their creator. */
    ofBug(id: BugRef, options?: FieldsOptions, callOptions?: CallOptions) {
      return call({ key: 'GET /rest/bug/{id}/attachment', path: { id }, query: fields(options), options: callOptions });
    },
    /** Attachments by id; a missing id is left out, a private one refused (304) to non-insiders. */
    get(ids: number | readonly number[], options?: FieldsOptions, callOptions?: CallOptions) {
      const [first, ...rest] = typeof ids === 'number' ? [ids] : [...ids];
      if (first === undefined) throw new TypeError('bz-companion: attachments.get needs at least one id');
      return call({
        key: 'GET /rest/bug/attachment/{id}',
        path: { id: first },
        query: { attachment_ids: rest, ...fields(options) },
        options: callOptions,
      });
    },
    /** Attaches the same file to each bug; resolves to the new attachments' ids, in order. */
    add(bugs: BugRef | readonly BugRef[], attachment: NewAttachment, callOptions?: CallOptions) {
      const ids = Array.isArray(bugs) ? [...bugs] : [bugs as BugRef];
      const [first] = ids;
      if (first === undefined) throw new TypeError('bz-companion: attachments.add needs at least one bug');
      const body = {
        ids,
        data: base64(attachment.data),
        file_name: attachment.fileName,
        summary: attachment.summary,
        content_type: attachment.contentType,
        ...(attachment.comment === undefined ? {} : { comment: attachment.comment }),
        ...(attachment.isPatch === undefined ? {} : { is_patch: attachment.isPatch }),
        ...(attachment.isPrivate === undefined ? {} : { is_private: attachment.isPrivate }),
      };
      return call({ key: 'POST /rest/bug/{id}/attachment', path: { id: first }, body, options: callOptions });
    },
    /** Changes attachments; resolves to what changed in each. */
    update(ids: number | readonly number[], changes: AttachmentChanges, callOptions?: CallOptions) {
      const list = typeof ids === 'number' ? [ids] : [...ids];
      const [first] = list;
      if (first === undefined) throw new TypeError('bz-companion: attachments.update needs at least one id');
      const body = {
        ids: list,
        ...(changes.fileName === undefined ? {} : { file_name: changes.fileName }),
        ...(changes.summary === undefined ? {} : { summary: changes.summary }),
        ...(changes.contentType === undefined ? {} : { content_type: changes.contentType }),
        ...(changes.comment === undefined ? {} : { comment: changes.comment }),
        ...(changes.isPatch === undefined ? {} : { is_patch: changes.isPatch }),
        ...(changes.isPrivate === undefined ? {} : { is_private: changes.isPrivate }),
        ...(changes.isObsolete === undefined ? {} : { is_obsolete: changes.isObsolete }),
      };
      return call({ key: 'PUT /rest/bug/attachment/{id}', path: { id: first }, body, options: callOptions });
    },
  };
}

/** Bug.update_comment_tags and Bug.search_comment_tags. */
export function commentTagMethods(call: Caller) {
  return {
    /** Adds and removes a comment's tags; resolves to its tags then. */
    update(
      commentId: number,
      tags: { add?: readonly string[]; remove?: readonly string[] },
      callOptions?: CallOptions,
    ) {
      const body = { add: [...(tags.add ?? [])], remove: [...(tags.remove ?? [])] };
      return call({ key: 'PUT /rest/bug/comment/{id}/tags', path: { id: commentId }, body, options: callOptions });
    },
    /** Tags in use containing `query`, most used first (at most `limit`, 7 unless given). */
    search(query: string, limit?: number, callOptions?: CallOptions) {
      return call({
        key: 'GET /rest/bug/comment/tags/{id}',
        path: { id: query },
        query: limit === undefined ? {} : { limit },
        options: callOptions,
      });
    },
  };
}
