import { hash } from 'node:crypto';

/** The one-shot `crypto.hash` costs a third of `createHash` for small bodies, which shows at 20k req/s. */
export function etagOf(body: string): string {
  return `"${hash('sha1', body, 'base64url')}"`;
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
