import type { Middleware } from 'koa';
import type { ApiState } from '../../http/respond.js';
import { packageVersion } from '../../package-version.js';
import type { Profile, ProfileName } from '../../profiles/profile.js';
import { openApiDocument } from './openapi-document.js';

export const OPENAPI_PATHS: ReadonlySet<string> = new Set(['/rest/openapi.json', '/rest.cgi/openapi.json']);

/** `GET /rest/openapi.json`: the OpenAPI 3.1 description of what this server serves under its profile now. */
export function serveOpenApi(profile: () => Profile): Middleware<ApiState> {
  const texts = new Map<ProfileName, string>();
  return (ctx, next) => {
    if (!OPENAPI_PATHS.has(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const current = profile();
    let text = texts.get(current.name);
    if (text === undefined) {
      text = JSON.stringify(openApiDocument(current, packageVersion()), null, 2);
      texts.set(current.name, text);
    }
    ctx.set('Content-Type', 'application/json; charset=UTF-8');
    ctx.body = text;
  };
}
