import { describe, expect, it } from 'vitest';
import { movedTo, rowKey } from './keyboard.js';

const key = (
  k: string,
  patch: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; target: unknown }> = {},
) => rowKey({ key: k, altKey: false, ctrlKey: false, metaKey: false, target: { tagName: 'A' }, ...patch });

describe('popup keys', () => {
  it('j and k move, m marks seen, other keys and modified ones are left alone', () => {
    expect(key('j')).toEqual({ move: 1 });
    expect(key('k')).toEqual({ move: -1 });
    expect(key('m')).toEqual({ markSeen: true });
    expect(key('x')).toBeNull();
    expect(key('j', { ctrlKey: true })).toBeNull();
    expect(key('j', { target: { tagName: 'INPUT' } })).toBeNull();
  });

  it('moves within the list: the first j focuses the first row, k from nowhere the last', () => {
    expect(movedTo(-1, 3, 1)).toBe(0);
    expect(movedTo(-1, 3, -1)).toBe(2);
    expect(movedTo(0, 3, 1)).toBe(1);
    expect(movedTo(2, 3, 1)).toBe(2);
    expect(movedTo(0, 3, -1)).toBe(0);
    expect(movedTo(-1, 0, 1)).toBeNull();
  });
});
