import { describe, expect, it } from 'vitest';
import { endpoints, type RequestOf } from './api.js';

describe('the request schemas of the endpoint map', () => {
  it('type the client calls: a required part must be given, an absent one cannot be', () => {
    // @ts-expect-error login and password are required
    const noLogin: RequestOf<'GET /rest/login'> = {};
    // @ts-expect-error a comment needs its body
    const noComment: RequestOf<'POST /rest/bug/{id}/comment'> = { path: { id: 1 } };
    // @ts-expect-error version takes no query
    const versionQuery: RequestOf<'GET /rest/version'> = { query: {} };
    const pathOnly: RequestOf<'POST /rest/bug_user_last_visit/{id}'> = { path: { id: 'alias' }, body: null };
    expect([noLogin, noComment, versionQuery, pathOnly]).toHaveLength(4);
  });

  it('check what a request carries', () => {
    const login = endpoints['GET /rest/login'].query;
    expect(login.safeParse({ login: 'a@example.com', password: 'secret' }).success).toBe(true);
    expect(login.safeParse({ login: 'a@example.com' }).success).toBe(false);
    const search = endpoints['GET /rest/bug'].query;
    expect(search.safeParse({ emailtype1: ['equals'], limit: 5, include_fields: ['id'] }).success).toBe(true);
    expect(search.safeParse({ emailtype1: ['regexp'] }).success).toBe(false);
    expect(endpoints['POST /rest/bug_user_last_visit/{id}'].body.safeParse(null).success).toBe(true);
  });
});
