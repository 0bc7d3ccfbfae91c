import { describe, expect, it } from 'vitest';
import { allowedMethods, Dispatcher } from './dispatch.js';

const dispatcher = new Dispatcher<string>();
dispatcher.add('GET /rest/version', 'version');
dispatcher.add('GET /rest/bug_user_last_visit', 'recent');
dispatcher.add('POST /rest/bug_user_last_visit', 'update many');
dispatcher.add('GET /rest/bug_user_last_visit/{id}', 'get');
dispatcher.add('POST /rest/bug_user_last_visit/{id}', 'update');
dispatcher.add('GET /rest/bug/{id}', 'bug');
dispatcher.add('GET /rest/bug/{id}/comment', 'comments');
dispatcher.add('POST /rest/bug/{id}/comment', 'add comment');
dispatcher.add('GET /rest/bug/comment/{id}', 'comment');

describe('Dispatcher', () => {
  it('matches exact paths and the {id} segment, decoded', () => {
    expect(dispatcher.match('/rest/version')?.methods.get('GET')).toBe('version');
    expect(dispatcher.match('/rest/bug_user_last_visit')?.methods.get('POST')).toBe('update many');
    expect(dispatcher.match('/rest/bug_user_last_visit/my%20alias')).toMatchObject({ pathId: 'my alias' });
    expect(dispatcher.match('/rest/bug_user_last_visit/%E0%A4%A')).toMatchObject({ pathId: '%E0%A4%A' });
  });

  it('matches an {id} inside the path; a last segment {id} route goes first', () => {
    expect(dispatcher.match('/rest/bug/my%20alias/comment')).toMatchObject({ pathId: 'my alias' });
    expect(dispatcher.match('/rest/bug/7/comment')?.methods.get('POST')).toBe('add comment');
    expect(dispatcher.match('/rest/bug/comment/14')?.methods.get('GET')).toBe('comment');
    // As in 5.2: /rest/bug/comment is Bug.get of the bug "comment".
    expect(dispatcher.match('/rest/bug/comment')).toMatchObject({ pathId: 'comment' });
  });

  it.each([
    '/rest/bug//comment',
    '/rest/bug/1/2/comment',
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
