import { describe, expect, it } from 'vitest';
import { sameAddress } from './same-address.js';

describe('the same tracker under another name', () => {
  it('is found across the loopback names and a path inside the other', () => {
    expect(sameAddress('http://localhost:3210/', 'http://127.0.0.1:3210/')).toBe(true);
    expect(sameAddress('http://[::1]:3210/', 'http://127.0.0.1:3210/')).toBe(true);
    expect(sameAddress('https://bugs.example.org/bugzilla/', 'https://bugs.example.org/bugzilla/index.cgi/')).toBe(
      true,
    );
    expect(sameAddress('https://bugs.example.org/', 'https://bugs.example.org:443/')).toBe(true);
  });

  it('is not another port, host or scheme, nor a sibling path', () => {
    expect(sameAddress('http://127.0.0.1:3210/', 'http://127.0.0.1:3211/')).toBe(false);
    expect(sameAddress('https://a.example/', 'https://b.example/')).toBe(false);
    expect(sameAddress('http://a.example/', 'https://a.example/')).toBe(false);
    expect(sameAddress('https://a.example/one/', 'https://a.example/two/')).toBe(false);
  });
});
