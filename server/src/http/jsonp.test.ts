import { describe, expect, it } from 'vitest';
import { BugzillaError } from '../errors.js';
import { jsonpCallback, wrapJsonp } from './jsonp.js';

const callbackOf = (value: string) => jsonpCallback(new URLSearchParams({ callback: value }));

describe('jsonpCallback', () => {
  it.each(['foo', 'jQuery_123.cb', 'cbs[0]', '0cb', ' padded '])('accepts %j as 5.2 does', (name) => {
    expect(callbackOf(name)).toBe(name.trim());
  });

  it.each(['', '0'])('reads %j as no callback, as 5.2 (Perl) does', (name) => {
    expect(callbackOf(name)).toBeUndefined();
  });

  it('is undefined without the parameter', () => {
    expect(jsonpCallback(new URLSearchParams('x=1'))).toBeUndefined();
  });

  it.each(['a-b', 'alert(1)', '$cb', 'a b', ' ', 'é'])('refuses %j with 32611 naming it', (name) => {
    let thrown: unknown;
    try {
      callbackOf(name);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BugzillaError);
    expect(thrown).toMatchObject({ code: 32611, status: 400 });
    expect((thrown as Error).message).toBe(
      `You cannot use '${name.trim()}' as your 'callback' parameter. For security reasons, only letters, numbers, and the following characters are allowed in the 'callback' parameter: []._`,
    );
  });
});

describe('wrapJsonp', () => {
  it("writes 5.2's exact format", () => {
    expect(wrapJsonp('foo', '{"version":"5.2"}')).toBe('/**/foo({"version":"5.2"})');
  });
});
