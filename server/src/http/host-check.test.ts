import { describe, expect, it } from 'vitest';
import { hostnameOf, hostPolicy } from './host-check.js';

describe('hostnameOf', () => {
  it.each([
    ['127.0.0.1:3080', '127.0.0.1'],
    ['LocalHost:3080', 'localhost'],
    ['[::1]:3080', '::1'],
    ['example.org', 'example.org'],
    ['::1', '::1'],
  ])('%s -> %s', (header, name) => {
    expect(hostnameOf(header)).toBe(name);
  });
});

describe('hostPolicy', () => {
  it('accepts loopback names and the bound address only', () => {
    const accepts = hostPolicy('127.0.0.1');
    for (const name of ['localhost', '127.0.0.1', '127.1.2.3', '::1']) expect(accepts(name)).toBe(true);
    for (const name of ['evil.example', 'localhost.evil.example', '10.0.0.5', '0.0.0.0'])
      expect(accepts(name)).toBe(false);
  });

  it('accepts names the user allowed', () => {
    const accepts = hostPolicy('127.0.0.1', ['tracker.lan:3080', 'Other.Example']);
    expect(accepts('tracker.lan')).toBe(true);
    expect(accepts('other.example')).toBe(true);
    expect(accepts('evil.example')).toBe(false);
  });

  it('accepts every local address when bound to all of them', () => {
    const accepts = hostPolicy('0.0.0.0');
    expect(accepts('127.0.0.1')).toBe(true);
    expect(accepts('evil.example')).toBe(false);
  });
});
