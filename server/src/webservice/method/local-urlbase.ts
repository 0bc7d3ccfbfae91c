import type { ApiRequest, RouteDeps } from './route.js';

/** This tracker's urlbase, ending in `/`: the parameter, else the server's own base, else the request's origin. */
export function localUrlBase(request: ApiRequest, { store, urlbase }: RouteDeps): string {
  return store.instance.parameters.urlbase || (urlbase ? urlbase() : `${request.origin}/`);
}
