import { expect } from 'vitest';

/** Asserts a Bugzilla-shaped error with this HTTP status, code and (optionally) message. */
export async function expectBugzillaError(
  response: Response,
  status: number,
  code: number,
  message?: string | RegExp,
): Promise<void> {
  const body = (await response.json()) as { error: unknown; code: unknown; message: string };
  expect({ status: response.status, code: body.code, error: body.error }).toEqual({ status, code, error: true });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

/** A small fetch wrapper bound to one server and (optionally) one API key header. */
export function httpClient(baseUrl: string) {
  return (path: string, init: RequestInit & { key?: string | undefined; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key) headers.set('X-BUGZILLA-API-KEY', init.key);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(`${baseUrl.replace(/\/$/, '')}${path}`, { ...init, headers, body: body ?? null });
  };
}

/** GETs `path` through `api` (as the key's user when one is given), expects 200, and returns the parsed body. */
export async function getOk<T>(api: ReturnType<typeof httpClient>, path: string, key?: string): Promise<T> {
  const response = await api(path, key ? { key } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
