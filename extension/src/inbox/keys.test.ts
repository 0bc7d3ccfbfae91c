import { describe, expect, it } from 'vitest';
import { inboxKey } from './keys.js';

const press = (key: string, target: object | null = null, modifiers = {}) =>
  inboxKey({ key, altKey: false, ctrlKey: false, metaKey: false, target, ...modifiers });

describe('the inbox keys', () => {
  it('act anywhere but while typing, and never with a modifier', () => {
    expect(press('e')).toBe('done');
    expect(press('O')).toBe('open-selected');
    expect(press('e', { tagName: 'INPUT', type: 'checkbox' })).toBe('done');
    expect(press('e', { tagName: 'INPUT', type: 'search' })).toBeNull();
    expect(press('e', { tagName: 'SELECT' })).toBeNull();
    expect(press('e', null, { ctrlKey: true })).toBeNull();
    expect(press('q')).toBeNull();
  });

  it('have a key for each tracker action, Refresh and select all', () => {
    expect(['c', 'u', 'n', 'g', 'd', 't', 'w', 'a', 'r', 'A'].map((key) => press(key))).toEqual([
      'reply',
      'status',
      'answer',
      'grant',
      'deny',
      'take',
      'cc',
      'act',
      'refresh',
      'select-all',
    ]);
    expect(press('c', { tagName: 'TEXTAREA' })).toBeNull();
  });

  it('leave Enter to the button or link it is pressed on', () => {
    expect(press('Enter')).toBe('open');
    expect(press('Enter', { tagName: 'BUTTON' })).toBeNull();
    expect(press('Enter', { tagName: 'A' })).toBeNull();
  });
});
