import { describe, expect, it } from 'vitest';
import { type RawRequest, requestData } from './recording.js';

function get(headers: RawRequest['headers']): RawRequest {
  return { method: 'GET', path: '/rest/bug/1', querystring: '', headers, body: Buffer.alloc(0) };
}

describe('requestData', () => {
  it("does not count Bugzilla's login-form cookie as a credential, but keeps its value secret", () => {
    const secrets = new Set<string>();
    const request = requestData(get({ cookie: 'Bugzilla_login_request_cookie=pggYUiIwPs' }), secrets);
    expect(request.credential_headers).toEqual([]);
    expect(secrets).toEqual(new Set(['pggYUiIwPs']));
  });

  it('counts a Cookie header carrying a login cookie as a credential', () => {
    const header = 'Bugzilla_login_request_cookie=pggYUiIwPs; Bugzilla_login=2; Bugzilla_logincookie=s3cr3t';
    const secrets = new Set<string>();
    expect(requestData(get({ cookie: header }), secrets).credential_headers).toEqual(['cookie']);
    expect(secrets).toEqual(new Set(['pggYUiIwPs', '2', 's3cr3t']));
  });
});
