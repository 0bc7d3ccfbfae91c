import { describe, expect, it } from 'vitest';
import { allowedMethods, Dispatcher } from './dispatch.js';

const dispatcher = new Dispatcher<string>();
dispatcher.add('GET /rest/version', 'version');
dispatcher.add('GET /rest/bug_user_last_visit', 'recent');
dispatcher.add('POST /rest/bug_user_last_visit', 'update many');
dispatcher.add('GET /rest/bug_user_last_visit/{id}', 'get');
dispatcher.add('POST /rest/bug_user_last_visit/{id}', 'update');

describe('Dispatcher', () => {
  it('matches exact paths and the {id} segment, decoded', () => {
    expect(dispatcher.match('/rest/version')?.methods.get('GET')).toBe('version');
    expect(dispatcher.match('/rest/bug_user_last_visit')?.methods.get('POST')).toBe('update many');
    expect(dispatcher.match('/rest/bug_user_last_visit/my%20alias')).toMatchObject({ pathId: 'my alias' });
    expect(dispatcher.match('/rest/bug_user_last_visit/%E0%A4%A')).toMatchObject({ pathId: '%E0%A4%A' });
  });

  it.each([
    '/rest/version/',
    '/rest/Version',
    '/rest/bug_user_last_visit/',
    '/rest/bug_user_last_visit/1/2',
    '/rest',
    '/',
  ])('does not match %s', (path) => {
    expect(dispatcher.match(path)).toBeUndefined();
  });

  it('lists HEAD with GET and always OPTIONS', () => {
    const methods = dispatcher.match('/rest/bug_user_last_visit/1')?.methods ?? new Map();
    expect(allowedMethods(methods)).toEqual(['GET', 'POST', 'HEAD', 'OPTIONS']);
  });
});
