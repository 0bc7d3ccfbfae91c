import { describe, expect, it } from 'vitest';
import { parseLegalDate } from './legal-date.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('parseLegalDate', () => {
  it.each([
    ['2026-10-03T10:59:59Z', '2026-10-03T10:59:59Z'],
    ['2026-10-03T10:59:59', '2026-10-03T10:59:59Z'],
    ['2026-10-03 10:59:59', '2026-10-03T10:59:59Z'],
    ['2026-10-03T12:59:59+02:00', '2026-10-03T10:59:59Z'],
    ['2026-10-03T08:59:59-0200', '2026-10-03T10:59:59Z'],
    ['20261003T10:59:59', '2026-10-03T10:59:59Z'],
    ['2026-10-03', '2026-10-03T00:00:00Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseLegalDate(text)).toBe(at(iso));
  });

  it.each(['yesterday', '', '2026-02-30', '2026-10-03T24:00:00Z', '2026-10-03T10:59:59Q', '1e9'])(
    "refuses '%s' with 5.2's code 56",
    (text) => {
      expect(() => parseLegalDate(text)).toThrow(
        expect.objectContaining({ code: 56, message: `'${text}' is not a legal date.` }),
      );
    },
  );
});
