import { describe, expect, it } from 'vitest';
import { untrackedBugzilla } from './untracked-bugzilla.js';

describe('untrackedBugzilla', () => {
  const saved = [{ url: 'http://localhost:8052/' }, { url: 'https://bugs.example.org/bugzilla/' }];

  it('names the base URL of a Bugzilla page whose tracker is not in the list', () => {
    expect(untrackedBugzilla('http://127.0.0.1:8052/show_bug.cgi?id=3#c2', saved)).toBe('http://127.0.0.1:8052/');
    expect(untrackedBugzilla('https://bugs.example.org/other/buglist.cgi?quicksearch=x', saved)).toBe(
      'https://bugs.example.org/other/',
    );
    expect(untrackedBugzilla('https://bugzilla.mozilla.org/show_bug.cgi?id=1', [])).toBe(
      'https://bugzilla.mozilla.org/',
    );
  });

  it('is null on a tracker in the list, on pages that are no Bugzilla page, and with no tab', () => {
    expect(untrackedBugzilla('http://localhost:8052/show_bug.cgi?id=3', saved)).toBeNull();
    expect(untrackedBugzilla('https://bugs.example.org/bugzilla/enter_bug.cgi', saved)).toBeNull();
    expect(untrackedBugzilla('https://example.org/news.html', saved)).toBeNull();
    expect(untrackedBugzilla('chrome://extensions/show_bug.cgi', saved)).toBeNull();
    expect(untrackedBugzilla(null, saved)).toBeNull();
  });
});
