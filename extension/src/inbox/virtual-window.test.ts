import { describe, expect, it } from 'vitest';
import { offsetsOf, visibleWindow } from './virtual-window.js';

describe('the rendered window of a long list', () => {
  it('draws the rows on screen and a few around, the rest as space', () => {
    const offsets = offsetsOf(Array.from({ length: 2000 }, () => 68));
    expect(visibleWindow(offsets, 0, 680)).toEqual({ first: 0, last: 19, before: 0, after: (2000 - 19) * 68 });
    const middle = visibleWindow(offsets, 68 * 1000, 680);
    expect([middle.first, middle.last]).toEqual([992, 1019]);
    expect(middle.before + (middle.last - middle.first) * 68 + middle.after).toBe(2000 * 68);
  });

  it('places items of two heights (a heading above each part of the list)', () => {
    const offsets = offsetsOf([36, 68, 68, 36, 68]);
    expect(offsets).toEqual([0, 36, 104, 172, 208, 276]);
    expect(visibleWindow(offsets, 180, 40)).toEqual({ first: 0, last: 5, before: 0, after: 0 });
  });
});
