import { describe, expect, it } from 'vitest';
import { BugzillaError } from '../bugzilla/errors.js';
import { PROFILES } from '../profiles/profiles.js';
import { jsonpCallback, wrapJsonp } from './jsonp.js';

const contract = PROFILES['bz-companion'].jsonpCallback;
const perl = PROFILES['bugzilla-5.2'].jsonpCallback;
const callbackOf = (value: string, rule = contract) => jsonpCallback(new URLSearchParams({ callback: value }), rule);

function refusal(name: string, rule = contract): unknown {
  try {
    callbackOf(name, rule);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('jsonpCallback under the contract (a JavaScript name)', () => {
  it.each(['foo', 'jQuery_123.cb', '$cb', '_x.$done', ' padded '])('accepts %j', (name) => {
    expect(callbackOf(name)).toBe(name.trim());
  });

  it.each(['', '0'])('reads %j as no callback, as 5.2 (Perl) does', (name) => {
    expect(callbackOf(name)).toBeUndefined();
  });

  it('is undefined without the parameter', () => {
    expect(jsonpCallback(new URLSearchParams('x=1'), contract)).toBeUndefined();
  });

  it.each(['a-b', 'alert(1)', 'cbs[0]', '0cb', 'a b', ' ', 'é'])('refuses %j with 32611 naming it', (name) => {
    const thrown = refusal(name);
    expect(thrown).toBeInstanceOf(BugzillaError);
    expect(thrown).toMatchObject({ code: 32611, status: 400 });
    expect((thrown as Error).message).toBe(
      `You cannot use '${name.trim()}' as your 'callback' parameter. For security reasons, the 'callback' parameter must be a JavaScript name: a letter, '_' or '$', then letters, digits, '_', '$' or '.'.`,
    );
  });
});

describe("jsonpCallback under 5.2's rule", () => {
  it.each(['foo', 'jQuery_123.cb', 'cbs[0]', '0cb', ' padded '])('accepts %j as 5.2 does', (name) => {
    expect(callbackOf(name, perl)).toBe(name.trim());
  });

  it.each(['a-b', 'alert(1)', '$cb', 'a b', ' ', 'é'])('refuses %j with 5.2 message', (name) => {
    const thrown = refusal(name, perl);
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
