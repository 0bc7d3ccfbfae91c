import { describe, expect, it } from 'vitest';
import { BugzillaApiError, clientErrorFromData, NetworkError, ResponseShapeError } from './errors.js';
import { redactUrl } from './redact.js';

describe('redactUrl', () => {
  it('hides every credential parameter', () => {
    expect(redactUrl('https://h/rest/x?Bugzilla_api_key=abc&api_key=def&ids=1')).toBe(
      'https://h/rest/x?Bugzilla_api_key=%5BREDACTED%5D&api_key=%5BREDACTED%5D&ids=1',
    );
  });

  it('hides passwords and login tokens, by their long and short names', () => {
    const redacted = redactUrl(
      'https://h/rest/login?login=u&password=pw&Bugzilla_password=pw2&token=2-abc&Bugzilla_token=2-d',
    );
    expect(redacted).not.toMatch(/pw|abc|2-d/);
    expect(redacted).toContain('login=u');
  });

  it('hides credentials inside JSON in a query value (JSON-RPC over GET), at any depth', () => {
    const params = JSON.stringify([{ ids: [1], Bugzilla_api_key: 'k1', deep: [{ password: 'p2' }], token: 't3' }]);
    const redacted = redactUrl(`https://h/jsonrpc.cgi?method=Bug.get&params=${encodeURIComponent(params)}`);
    expect(redacted).not.toMatch(/k1|p2|t3/);
    const sent = new URL(redacted).searchParams.get('params') as string;
    expect(JSON.parse(sent)).toEqual([
      { ids: [1], Bugzilla_api_key: '[REDACTED]', deep: [{ password: '[REDACTED]' }], token: '[REDACTED]' },
    ]);
    expect(redactUrl('https://h/x?q=%7Bnot%20json&ids=1')).toBe('https://h/x?q=%7Bnot%20json&ids=1');
  });

  it('redacts even URLs it cannot parse', () => {
    expect(redactUrl('/rest/x?api_key=abc')).toBe('/rest/x?api_key=[REDACTED]');
    expect(redactUrl('/rest/login?login=u&password=pw&token=t')).toBe(
      '/rest/login?login=u&password=[REDACTED]&token=[REDACTED]',
    );
  });
});

describe('client errors as data', () => {
  const errors = [
    new BugzillaApiError({ status: 401, code: 410, message: 'log in', method: 'GET', url: 'https://h/?api_key=k' }),
    new BugzillaApiError({ status: 502, code: undefined, message: 'Bad Gateway', method: 'POST', url: 'https://h/' }),
    new NetworkError('GET', 'https://h/rest/version', new Error('ECONNREFUSED')),
    new ResponseShapeError('GET', 'https://h/rest/time', 200, 'db_time: Invalid string'),
  ];

  it.each(errors)('keep every field of $name through structuredClone', (error) => {
    const copy = clientErrorFromData(structuredClone(error.toData()));
    expect(copy).toBeInstanceOf(error.constructor);
    expect(copy.message).toBe(error.message);
    for (const field of ['kind', 'method', 'url', 'status', 'code', 'bugzillaMessage', 'reason', 'detail']) {
      expect((copy as unknown as Record<string, unknown>)[field]).toEqual(
        (error as unknown as Record<string, unknown>)[field],
      );
    }
  });

  it('carry status, code, url and kind as data, the URL redacted', () => {
    expect(JSON.parse(JSON.stringify(errors[0]))).toEqual({
      kind: 'api',
      method: 'GET',
      url: 'https://h/?api_key=%5BREDACTED%5D',
      status: 401,
      code: 410,
      bugzillaMessage: 'log in',
    });
  });
});
