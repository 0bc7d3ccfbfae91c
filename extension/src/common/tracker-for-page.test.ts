import { describe, expect, it } from 'vitest';
import { visitOnPage } from './tracker-for-page.js';
import type { Tracker } from './trackers.js';

const tracker = (id: string, url: string, recordVisits = true): Tracker => ({
  id,
  url,
  apiKey: 'k',
  authPreference: 'auto',
  recordVisits,
});

describe('visitOnPage', () => {
  const trackers = [
    tracker('root', 'https://host/'),
    tracker('sub', 'https://host/bugzilla/'),
    tracker('bmo', 'https://bugzilla.mozilla.org/'),
    tracker('local-a', 'http://127.0.0.1:3080/'),
    tracker('local-b', 'http://127.0.0.1:3081/'),
  ];
  const match = (page: string) => {
    const visit = visitOnPage(page, trackers);
    return visit && [visit.tracker.id, visit.bug];
  };

  it('gives a page under overlapping bases to the longest base', () => {
    expect(match('https://host/bugzilla/show_bug.cgi?id=7')).toEqual(['sub', '7']);
    expect(match('https://host/show_bug.cgi?id=7')).toEqual(['root', '7']);
    // The longer base owns its subtree, even where the page would not be a bug page of it.
    expect(match('https://host/bugzilla/buglist.cgi')).toBeNull();
  });

  it('tells trackers on one host apart by port', () => {
    expect(match('http://127.0.0.1:3081/show_bug.cgi?id=a-alias')).toEqual(['local-b', 'a-alias']);
    expect(match('http://127.0.0.1:3080/show_bug.cgi?id=2')).toEqual(['local-a', '2']);
    expect(match('http://127.0.0.1:3082/show_bug.cgi?id=2')).toBeNull();
  });

  it("reads bugzilla.mozilla.org's short URLs", () => {
    expect(match('https://bugzilla.mozilla.org/1234567')).toEqual(['bmo', '1234567']);
    expect(match('https://host/1234567')).toBeNull();
  });

  it('records nothing for a tracker with recording off, and hands its pages to no other', () => {
    const off = [tracker('root', 'https://host/'), tracker('sub', 'https://host/bugzilla/', false)];
    expect(visitOnPage('https://host/bugzilla/show_bug.cgi?id=7', off)).toBeNull();
    expect(visitOnPage('https://host/show_bug.cgi?id=7', off)?.tracker.id).toBe('root');
  });

  it('ignores what is not a URL and pages of no tracker', () => {
    expect(match('not a url')).toBeNull();
    expect(match('https://evil.example/show_bug.cgi?id=1')).toBeNull();
  });
});
