import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it.each([
    [now - 3_000, 'just now'],
    [now - 45_000, '45 seconds ago'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 26 * 3_600_000, 'yesterday'],
    [now + 120_000, 'in 2 minutes'],
  ])('%i -> %s', (then, text) => {
    expect(relativeTime(then, now)).toBe(text);
  });
});
