import type { Middleware } from 'koa';
import { ownOrigin } from '../../http/own-origin.js';
import type { ApiState } from '../../http/respond.js';
import { packageVersion } from '../../package-version.js';
import type { Profile } from '../../profiles/profile.js';
import { methodList } from './method-list.js';
import { openApiDocument } from './openapi-document.js';

const KEPT_DESCRIPTIONS = 8;

const OPENAPI_PATHS: ReadonlySet<string> = new Set(['/rest/openapi.json', '/rest.cgi/openapi.json']);
const METHOD_LIST_PATHS: ReadonlySet<string> = new Set(['/rest/methods.json', '/rest.cgi/methods.json']);

/**
 * `GET /rest/openapi.json`: the OpenAPI 3.1 description of what this server serves under its profile
 * now; `GET /rest/methods.json`: every method it answers, RPC-only ones too (method-list.ts).
 */
export function serveOpenApi(profile: () => Profile): Middleware<ApiState> {
  // By profile and by the origin it was asked at (its `servers`); a few kept, as a Host may name any port.
  const texts = new Map<string, string>();
  const lists = new Map<string, string>();
  return (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (METHOD_LIST_PATHS.has(ctx.path)) {
      const current = profile();
      let list = lists.get(current.name);
      if (list === undefined) {
        list = JSON.stringify(methodList(current, packageVersion()), null, 2);
        lists.set(current.name, list);
      }
      ctx.set('Content-Type', 'application/json; charset=UTF-8');
      ctx.body = list;
      return;
    }
    if (!OPENAPI_PATHS.has(ctx.path)) return next();
    const current = profile();
    const origin = ownOrigin(ctx);
    const cacheKey = `${current.name} ${origin}`;
    let text = texts.get(cacheKey);
    if (text === undefined) {
      text = JSON.stringify(openApiDocument(current, packageVersion(), origin), null, 2);
      if (texts.size >= KEPT_DESCRIPTIONS) texts.delete(texts.keys().next().value as string);
      texts.set(cacheKey, text);
    }
    ctx.set('Content-Type', 'application/json; charset=UTF-8');
    ctx.body = text;
  };
}
