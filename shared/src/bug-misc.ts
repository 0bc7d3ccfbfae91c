import { z } from 'zod';
import { commentIdPathSchema } from './requests.js';

/*
 * Comment tags (Bug.update_comment_tags, Bug.search_comment_tags), as 5.2 takes and answers them:
 * both answer a bare list of tag names.
 */

export const commentTagsBodySchema = z.object({
  add: z.array(z.string()).optional(),
  remove: z.array(z.string()).optional(),
});

export const commentTagsPathSchema = commentIdPathSchema;

/** The text searched for, in the path. */
export const tagQueryPathSchema = z.object({ id: z.string() });

export const tagSearchQuerySchema = z.object({ limit: z.number().int().optional() });

export const tagListSchema = z.array(z.string());

export type CommentTagsBody = z.input<typeof commentTagsBodySchema>;

/**
 * Methods 5.2 has over XML-RPC and JSON-RPC only (no REST resource): their keys name the method
 * under `/rpc/`, which no tracker routes over REST.
 */
export const RPC_ONLY_PREFIX = '/rpc/';

export const renderCommentBodySchema = z.object({
  text: z.string(),
  id: z.union([z.number().int(), z.string()]).optional(),
});
export const renderCommentSchema = z.object({ html: z.string() });

export type RenderCommentResult = z.infer<typeof renderCommentSchema>;

/** Bug.update_tags: the caller's own tags of bugs (RPC only). */
export const updateTagsBodySchema = z.object({
  ids: z.array(z.union([z.number().int(), z.string()])),
  tags: z.object({ add: z.array(z.string()).optional(), remove: z.array(z.string()).optional() }),
});
export const updateTagsSchema = z.object({
  changes: z.record(
    z.string(),
    z.object({ tags: z.object({ removed: z.array(z.string()), added: z.array(z.string()) }) }),
  ),
});
export type UpdateTagsResult = z.infer<typeof updateTagsSchema>;

/** Bug.update_see_also (RPC only): URLs (or this tracker's bug ids) added to and removed from bugs' See Also. */
export const updateSeeAlsoBodySchema = z.object({
  ids: z.array(z.union([z.number().int(), z.string()])),
  add: z.array(z.string()).optional(),
  remove: z.array(z.string()).optional(),
});
export const updateSeeAlsoSchema = z.object({
  changes: z.record(
    z.string(),
    z.object({ see_also: z.object({ removed: z.array(z.string()), added: z.array(z.string()) }) }),
  ),
});
export type UpdateSeeAlsoResult = z.infer<typeof updateSeeAlsoSchema>;

/** Bug.possible_duplicates (RPC only): bugs whose summaries share words with `summary`. */
export const possibleDuplicatesBodySchema = z.object({
  summary: z.string(),
  products: z.array(z.string()).optional(),
  limit: z.number().int().optional(),
  include_fields: z.array(z.string()).optional(),
  exclude_fields: z.array(z.string()).optional(),
});
