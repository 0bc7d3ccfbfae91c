import type { EndpointKey } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../table/method-table.js';
import { errorCodesOf } from './error-codes.js';

const codes = (key: EndpointKey, ...args: [Parameters<typeof errorCodesOf>[1], boolean]) =>
  errorCodesOf(routeTable[key].codes, ...args).map(([code]) => code);

describe('errorCodesOf', () => {
  it("lists a catalogue write's own codes beside those of its credentials policy", () => {
    expect(codes('POST /rest/group', 'required', false)).toEqual(
      expect.arrayContaining([306, 410, 304, 800, 801, 802, 803]),
    );
  });

  it("lists 5.2's comment tag refusals, the path's bug codes and each code once", () => {
    const tags = codes('PUT /rest/bug/comment/{id}/tags', 'required', true);
    expect(tags).toEqual(expect.arrayContaining([102, 110, 125, 126, 127, 128, 304]));
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('gives an endpoint without a row only what its policy and path imply', () => {
    expect(codes('GET /rest/version', 'ignore', false)).toEqual([32000, -32000, 300, 301]);
  });

  it('lists a bad login for a method exempt from login, which 5.2 still checks when a login is given', () => {
    expect(codes('GET /rest/login', 'ignore', false)).toEqual(expect.arrayContaining([300, 301, 50]));
    expect(codes('GET /rest/timezone', 'ignore', false)).not.toContain(306);
  });
});
