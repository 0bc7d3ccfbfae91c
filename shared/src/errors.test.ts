import { describe, expect, it } from 'vitest';
import { BugzillaApiError, redactUrl } from './errors.js';

describe('redactUrl', () => {
  it('hides every credential parameter', () => {
    expect(redactUrl('https://h/rest/x?Bugzilla_api_key=abc&api_key=def&ids=1')).toBe(
      'https://h/rest/x?Bugzilla_api_key=%5BREDACTED%5D&api_key=%5BREDACTED%5D&ids=1',
    );
  });

  it('redacts even URLs it cannot parse', () => {
    expect(redactUrl('/rest/x?api_key=abc')).toBe('/rest/x?api_key=[REDACTED]');
  });
});

describe('BugzillaApiError', () => {
  it('survives structured clone as readable data', () => {
    const error = new BugzillaApiError({ status: 401, code: 410, message: 'log in', method: 'GET', url: 'https://h/' });
    const clone = structuredClone(error);
    expect(clone.message).toContain('log in');
  });
});
