import { createHash } from 'node:crypto';

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether `If-None-Match` matches `etag` (RFC 9110 13.1.2, weak comparison).
 * Written here rather than using Koa's `ctx.fresh` because `fresh` answers
 * "not fresh" whenever the request says `Cache-Control: no-cache`, which fetch
 * adds to every request that sets If-None-Match by hand.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
