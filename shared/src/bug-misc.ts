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
