import { describe, expect, it } from 'vitest';
import { apiKeyPage } from './TrackerForm.js';

describe('apiKeyPage', () => {
  it("links the tracker's own key page under its base URL, however the URL was typed", () => {
    expect(apiKeyPage('https://bugs.example.org/bugzilla')).toBe(
      'https://bugs.example.org/bugzilla/userprefs.cgi?tab=apikey',
    );
    expect(apiKeyPage('bugzilla.mozilla.org/show_bug.cgi?id=1')).toBe(
      'https://bugzilla.mozilla.org/userprefs.cgi?tab=apikey',
    );
    expect(apiKeyPage('127.0.0.1:8052/rest/')).toBe('http://127.0.0.1:8052/userprefs.cgi?tab=apikey');
  });

  it('is null until what is typed is a URL', () => {
    expect(apiKeyPage('')).toBeNull();
    expect(apiKeyPage('ftp://bugs.example.org/')).toBeNull();
  });
});
