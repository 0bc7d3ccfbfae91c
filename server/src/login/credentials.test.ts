import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../profiles/profile.js';
import { PROFILES } from '../profiles/profiles.js';
import { type Credential, presentedCredentials } from './credentials.js';

function read(
  profile: ProfileName,
  request: { query?: string; body?: Record<string, unknown>; headers?: IncomingHttpHeaders; method?: string },
): { credential: Credential; loginNamed: boolean } {
  return presentedCredentials(
    {
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      query: new URLSearchParams(request.query ?? ''),
      body: request.body ?? null,
    },
    PROFILES[profile].credentials,
  );
}

describe('which credential a request presents', () => {
  it('takes a password first, then a token, then an API key (the first present decides)', () => {
    const all = 'Bugzilla_login=u&Bugzilla_password=p&Bugzilla_token=2-abc&Bugzilla_api_key=K';
    expect(read('bugzilla-5.2', { query: all }).credential).toEqual({ kind: 'password', login: 'u', password: 'p' });
    expect(read('bugzilla-5.2', { query: 'Bugzilla_token=2-abc&Bugzilla_api_key=K' }).credential).toEqual({
      kind: 'token',
      userId: 2,
      secret: 'abc',
    });
    expect(read('bugzilla-5.2', { query: 'Bugzilla_api_key=%20K%20' }).credential).toEqual({
      kind: 'api-key',
      key: 'K',
    });
  });

  it('counts login and password only together, and a token only with a dash and a user id', () => {
    expect(read('bugzilla-5.2', { query: 'login=u' })).toEqual({ loginNamed: false, credential: { kind: 'none' } });
    expect(read('bugzilla-5.2', { query: 'Bugzilla_login=u' })).toEqual({
      loginNamed: true,
      credential: { kind: 'none' },
    });
    for (const token of ['garbage', 'x-abc', '2-', '-abc']) {
      expect(read('bugzilla-5.2', { query: `token=${token}` }).credential).toEqual({ kind: 'none' });
    }
  });

  it('reads the body when the query has nothing of that kind', () => {
    expect(read('bz-companion', { body: { login: 'u', password: 'p' } }).credential).toMatchObject({
      kind: 'password',
    });
    expect(read('bz-companion', { query: 'api_key=Q', body: { api_key: 'B' } }).credential).toEqual({
      kind: 'api-key',
      key: 'Q',
    });
  });

  it('follows each tracker on the headers', () => {
    const headers = { 'x-bugzilla-api-key': 'H' };
    expect(read('bugzilla-5.2', { headers }).credential).toEqual({ kind: 'none' });
    expect(read('bugzilla-5.1', { headers, query: 'Bugzilla_api_key=Q' }).credential).toEqual({
      kind: 'api-key',
      key: 'Q',
    });
    expect(read('bugzilla-5.1', { headers }).credential).toEqual({ kind: 'api-key', key: 'H' });
    expect(read('bmo', { headers, query: 'Bugzilla_api_key=Q' }).credential).toEqual({ kind: 'api-key', key: 'H' });
    expect(read('bmo', { headers: { authorization: 'Bearer B' } }).credential).toEqual({ kind: 'none' });
    expect(read('bz-companion', { headers: { authorization: 'Bearer B' } }).credential).toEqual({
      kind: 'api-key',
      key: 'B',
    });
    expect(
      read('bmo', { headers: { 'x-bugzilla-login': 'u%40example.com', 'x-bugzilla-password': 'p' } }).credential,
    ).toEqual({ kind: 'password', login: 'u@example.com', password: 'p' });
  });

  it('follows each tracker on api_key against Bugzilla_api_key', () => {
    const both = 'Bugzilla_api_key=LONG&api_key=SHORT';
    expect(read('bugzilla-5.2', { query: both }).credential).toEqual({ kind: 'api-key', key: 'SHORT' });
    expect(read('bmo', { query: both }).credential).toEqual({ kind: 'api-key', key: 'LONG' });
    expect(read('bz-companion', { query: both }).credential).toEqual({ kind: 'api-key', key: 'LONG' });
  });

  it('takes 5.2 login cookies on a POST only, and only under bugzilla-5.2', () => {
    const headers = { cookie: 'Bugzilla_login=2; Bugzilla_logincookie=abc' };
    const token = { kind: 'token', userId: 2, secret: 'abc' };
    expect(read('bugzilla-5.2', { headers, method: 'POST' }).credential).toEqual(token);
    expect(read('bugzilla-5.2', { headers, method: 'GET' }).credential).toEqual({ kind: 'none' });
    expect(read('bz-companion', { headers, method: 'POST' }).credential).toEqual({ kind: 'none' });
  });
});
