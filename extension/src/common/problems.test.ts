import { BugzillaApiError, NetworkError, ResponseShapeError } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { classify, describeProblem, type Problem, problemDetails } from './problems.js';

const URL = 'http://127.0.0.1:8052/rest/bug_user_last_visit/8?Bugzilla_api_key=SecretKey0123';
const problemOf = (error: unknown) => (classify(error) as { problem: Problem }).problem;

describe('problems in words', () => {
  const errors = {
    garbled: new ResponseShapeError('POST', URL, 200, 'the body is not JSON'),
    unavailable: new BugzillaApiError({
      status: 503,
      code: -32000,
      message: 'Service Unavailable',
      method: 'POST',
      url: URL,
    }),
    badKey: new BugzillaApiError({
      status: 400,
      code: 306,
      message: 'The API key you specified is invalid.',
      method: 'GET',
      url: URL,
    }),
    offline: new NetworkError('POST', URL, new TypeError('Failed to fetch')),
  };

  it('says what happened and what the extension does about it', () => {
    expect(describeProblem(problemOf(errors.unavailable))).toBe(
      'The tracker answered 503 (unavailable). Your visits are kept and will be sent.',
    );
    expect(describeProblem(problemOf(errors.garbled))).toBe(
      'The tracker gave an incomplete answer. Your visits are kept and will be sent.',
    );
    expect(describeProblem(problemOf(errors.badKey))).toBe(
      'The tracker rejected this API key. Enter a new one in the options.',
    );
  });

  it('never shows a URL, an error code, a key or a parser’s words; the details view has them, key redacted', () => {
    for (const error of Object.values(errors)) {
      const words = describeProblem(problemOf(error));
      expect(words).not.toMatch(/http|rest\/|JSON|32000|306|SecretKey|Failed to fetch/);
      expect(problemDetails(problemOf(error))).not.toContain('SecretKey');
    }
    expect(problemDetails(problemOf(errors.garbled))).toContain('the body is not JSON');
  });
});
