import { describe, expect, it } from 'vitest';
import { bugOnPage } from './bug-page.js';

describe('bugOnPage', () => {
  it.each([
    ['http://127.0.0.1:3080/show_bug.cgi?id=42', 'http://127.0.0.1:3080/', '42'],
    ['http://127.0.0.1:3080/show_bug.cgi?id=my-alias', 'http://127.0.0.1:3080/', 'my-alias'],
    ['https://host/bugzilla/show_bug.cgi?id=7#c3', 'https://host/bugzilla/', '7'],
    ['https://host/bugzilla/show_bug.cgi?format=default&id=7', 'https://host/bugzilla/', '7'],
    ['https://bugzilla.mozilla.org/1234567', 'https://bugzilla.mozilla.org/', '1234567'],
    ['https://bugzilla.mozilla.org/show_bug.cgi?id=1234567', 'https://bugzilla.mozilla.org/', '1234567'],
  ])('%s under %s is bug %s', (page, tracker, bug) => {
    expect(bugOnPage(page, tracker)).toBe(bug);
  });

  it.each([
    ['http://127.0.0.1:3080/buglist.cgi?id=42', 'http://127.0.0.1:3080/'],
    ['http://127.0.0.1:3080/enter_bug.cgi', 'http://127.0.0.1:3080/'],
    ['http://127.0.0.1:3080/rest/bug_user_last_visit/42', 'http://127.0.0.1:3080/'],
    ['http://127.0.0.1:3080/show_bug.cgi', 'http://127.0.0.1:3080/'],
    ['http://127.0.0.1:3080/show_bug.cgi?id=', 'http://127.0.0.1:3080/'],
    ['http://127.0.0.1:9999/show_bug.cgi?id=42', 'http://127.0.0.1:3080/'],
    ['https://host/other/show_bug.cgi?id=7', 'https://host/bugzilla/'],
    ['https://evil.example/show_bug.cgi?id=7', 'https://host/'],
    ['https://bugzilla.mozilla.org/1234567/', 'https://bugzilla.mozilla.org/'],
    ['https://other.example/1234', 'https://other.example/'],
    ['not a url', 'https://host/'],
  ])('%s under %s is not a bug page', (page, tracker) => {
    expect(bugOnPage(page, tracker)).toBeNull();
  });
});
