import { describe, expect, it } from 'vitest';
import { classifyBugUrl } from './bug-url.js';

const BASE = 'http://127.0.0.1:8052/';
const classify = (input: string) => classifyBugUrl(input, BASE);

/* Each of 5.2's Bugzilla::BugUrl classes: what it takes, and the form it keeps (its _check_value). */
describe("See Also's classes, as 5.2's Bugzilla::BugUrl chooses them", () => {
  it.each([
    ['http://127.0.0.1:8052/show_bug.cgi?id=2', 'Bugzilla::Local', 'http://127.0.0.1:8052/show_bug.cgi?id=2'],
    ['HTTP://127.0.0.1:8052/show_bug.cgi?id=2&x=1#c3', 'Bugzilla::Local', 'HTTP://127.0.0.1:8052/show_bug.cgi?id=2'],
    ['https://bugs.example.org/show_bug.cgi?id=7', 'Bugzilla', 'https://bugs.example.org/show_bug.cgi?id=7'],
    ['bugs.example.org/show_bug.cgi?ctype=xml&id=07#c1', 'Bugzilla', 'http://bugs.example.org/show_bug.cgi?id=7'],
    ['https://bugs.launchpad.net/ubuntu/+bug/1234', 'Launchpad', 'https://launchpad.net/bugs/1234'],
    ['http://launchpad.net/bugs/99', 'Launchpad', 'https://launchpad.net/bugs/99'],
    [
      'https://code.google.com/p/proj/issues/detail?id=12',
      'Google',
      'http://code.google.com/p/proj/issues/detail?id=12',
    ],
    ['http://bugs.debian.org/cgi-bin/bugreport.cgi?bug=1234', 'Debian', 'http://bugs.debian.org/1234'],
    ['https://bugs.debian.org/55', 'Debian', 'http://bugs.debian.org/55'],
    [
      'https://issues.apache.org/jira/browse/KEY-12?focused=1#x',
      'JIRA',
      'https://issues.apache.org/jira/browse/KEY-12',
    ],
    ['http://dev.mutt.org/trac/ticket/1234?x=1', 'Trac', 'http://dev.mutt.org/trac/ticket/1234'],
    ['http://www.mantisbt.org/bugs/view.php?id=1234#n', 'MantisBT', 'http://www.mantisbt.org/bugs/view.php?id=1234'],
    [
      'http://sourceforge.net/tracker/?func=detail&aid=1&group_id=2&atid=3#top',
      'SourceForge',
      'http://sourceforge.net/tracker/?func=detail&aid=1&group_id=2&atid=3',
    ],
    ['http://github.com/o/r/issues/3', 'GitHub', 'https://github.com/o/r/issues/3'],
    ['https://github.com/o/r/pull/4', 'GitHub', 'https://github.com/o/r/pull/4'],
  ])('%s is %s, kept as %s', (input, name, value) => {
    expect(classify(input)).toMatchObject({ class: `Bugzilla::BugUrl::${name}`, value });
  });

  it('takes a word as a bug of this tracker (id or alias), and names the bug a local URL points at', () => {
    expect(classify('12')).toEqual({
      class: 'Bugzilla::BugUrl::Bugzilla::Local',
      value: 'http://127.0.0.1:8052/show_bug.cgi?id=12',
      localBug: '12',
    });
    expect(classify('myalias').localBug).toBe('myalias');
    expect(classify('http://127.0.0.1:8052/show_bug.cgi?id=2').localBug).toBe('2');
    // Another port is another Bugzilla.
    expect(classify('http://127.0.0.1:9999/show_bug.cgi?id=2').class).toBe('Bugzilla::BugUrl::Bugzilla');
  });

  it.each([
    ['not a url', 'See Also URLs should point to one of: show_bug.cgi in a Bugzilla installation.'],
    ['https://example.com/issues/3', 'See Also URLs should point to one of'],
    ['https://github.com/o/issues/3', 'See Also URLs should point to one of'],
    ['https://code.google.com/p/proj/issues/detail?id=x', 'See Also URLs should point to one of'],
    ['http://launchpad.net/bugs/', 'See Also URLs should point to one of'],
    ['https://issues.example.com/browse/k-1', 'See Also URLs should point to one of'],
    ['ftp://github.com/o/r/issues/3', 'URLs must start with "http" or "https".'],
    ['http:///show_bug.cgi?id=1', 'You must specify a full URL.'],
    ['/show_bug.cgi?id=1', 'You must specify a full URL.'],
    ['https://bugs.example.org/show_bug.cgi?id=abc', 'There is no valid bug id in that URL.'],
    ['https://bugs.example.org/show_bug.cgi', 'There is no valid bug id in that URL.'],
  ])('refuses %s with 112', (input, text) => {
    expect(() => classify(input)).toThrow(
      expect.objectContaining({ code: 112, message: expect.stringContaining(text) }),
    );
    expect(() => classify(input)).toThrow(`${input} is not a valid URL to a bug.`);
  });

  it('refuses a path longer than 255 characters', () => {
    const path = `/${'a'.repeat(250)}/ticket/1`;
    expect(() => classify(`http://trac.example.org${path}`)).toThrow(
      `Bug URLs cannot be longer than 255 characters long. ${path} is too long.`,
    );
  });

  it('refuses text no URL holds (half of a UTF-16 pair, a NUL) with 112, never an exception of its own', () => {
    for (const input of ['\uD800', 'https://github.com/o/r/issues/1\uD800x', 'https://github.com/o/r/issues/1\u0000']) {
      expect(() => classify(input)).toThrow(expect.objectContaining({ code: 112 }));
    }
  });
});
