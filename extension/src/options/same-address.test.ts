import { describe, expect, it } from 'vitest';
import { sameAddress } from './same-address.js';

describe('the same tracker under another name', () => {
  it('is found across the loopback names, with the reason', () => {
    expect(sameAddress('http://localhost:3210/', 'http://127.0.0.1:3210/')).toBe(
      'localhost and 127.0.0.1 are both this computer',
    );
    expect(sameAddress('http://[::1]:3210/', 'http://127.0.0.1:3210/')).toBe(
      '[::1] and 127.0.0.1 are both this computer',
    );
    expect(sameAddress('http://127.0.1.1:3210/', 'http://localhost:3210/')).toBe(
      '127.0.1.1 and localhost are both this computer',
    );
  });

  it('is found for a path inside the other, a default port written out, a trailing dot, http beside https', () => {
    expect(sameAddress('https://bugs.example.org/bugzilla/', 'https://bugs.example.org/bugzilla/index.cgi/')).toBe(
      '/bugzilla/index.cgi/ is a page of the tracker, not another one',
    );
    expect(sameAddress('https://bugs.example.org/', 'https://bugs.example.org:443/')).toBe('the same address');
    expect(sameAddress('https://bugs.example.org./', 'https://bugs.example.org/')).toBe('the same address');
    expect(sameAddress('http://bugs.example.org/', 'https://bugs.example.org/')).toBe(
      'http and https reach the same server',
    );
  });

  it('is not another port, host, a scheme on its own port, nor a sibling path', () => {
    expect(sameAddress('http://127.0.0.1:3210/', 'http://127.0.0.1:3211/')).toBeNull();
    expect(sameAddress('https://a.example/', 'https://b.example/')).toBeNull();
    expect(sameAddress('http://a.example:8080/', 'https://a.example/')).toBeNull();
    expect(sameAddress('https://a.example/one/', 'https://a.example/two/')).toBeNull();
    expect(sameAddress('https://a.example/one/', 'https://a.example/one-more/')).toBeNull();
    expect(sameAddress('http://127.0.0.10.example/', 'http://127.0.0.1/')).toBeNull();
  });
});
