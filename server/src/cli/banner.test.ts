import { describe, expect, it } from 'vitest';
import { exposureWarning, readyBanner } from './banner.js';

describe('readyBanner', () => {
  it('starts with the line scripts wait for, then the notes', () => {
    expect(readyBanner('http://127.0.0.1:3080', ['data file: d.json'], undefined)).toBe(
      'listening on http://127.0.0.1:3080\ndata file: d.json\n',
    );
  });

  it('prints a new admin key with how to use it', () => {
    const banner = readyBanner('http://127.0.0.1:3080', [], 'KEY123');
    expect(banner).toMatch(/^listening on http:\/\/127\.0\.0\.1:3080\nadmin api key: KEY123\n/);
    expect(banner).toContain("curl -H 'X-BUGZILLA-API-KEY: KEY123' http://127.0.0.1:3080/rest/bug_user_last_visit");
  });
});

describe('exposureWarning', () => {
  it.each(['127.0.0.1', '127.0.1.1', '::1'])('says nothing on loopback %s', (address) => {
    expect(exposureWarning(address)).toBeNull();
  });

  it.each(['0.0.0.0', '192.168.1.5', '::'])('warns on %s', (address) => {
    expect(exposureWarning(address)).toMatch(`listening on ${address}, not loopback`);
  });
});
