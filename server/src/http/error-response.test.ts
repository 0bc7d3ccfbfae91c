import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../bugzilla/errors.js';
import { DOCUMENTATION_URL, renderError, sendError } from './error-response.js';

describe('renderError', () => {
  it("gives Bugzilla's body with documentation, the error's status and headers, JSON type and CORS", () => {
    const answer = renderError(errors.storageUnavailable('disk full'));
    expect(answer.status).toBe(503);
    expect(answer.headers).toEqual({
      'Retry-After': '5',
      'Content-Type': 'application/json; charset=UTF-8',
      'Access-Control-Allow-Origin': '*',
    });
    expect(JSON.parse(answer.body)).toEqual({
      error: true,
      code: -32000,
      message: 'The update could not be saved, so nothing was changed: disk full. Try again later.',
      documentation: DOCUMENTATION_URL,
    });
  });
});

describe('sendError, for answers outside the app (the server while it starts)', () => {
  const server = createServer((_request, response) => sendError(response, errors.starting()));
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/version`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the rendered error with CORS and its Retry-After', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ error: true, code: -32000, documentation: DOCUMENTATION_URL });
  });

  it('sends no body to HEAD', async () => {
    const response = await fetch(url, { method: 'HEAD' });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('');
  });
});
