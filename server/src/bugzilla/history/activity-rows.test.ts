import { describe, expect, it } from 'vitest';
import { activityRows, MAX_ACTIVITY_LINE } from './activity-rows.js';
import { mergedHistory } from './merged-history.js';

const logins = (n: number) => Array.from({ length: n }, (_, i) => `user${i}@example.com`).join(', ');

describe("activity rows, as 5.2's LogActivityEntry splits them", () => {
  it('keeps changes that fit as they are (the same array)', () => {
    const changes = [{ field_name: 'cc', removed: '', added: logins(3) }];
    expect(activityRows(changes)).toBe(changes);
  });

  it('cuts a long list at its last comma within 254 characters, each row in the column', () => {
    const added = logins(30);
    const rows = activityRows([{ field_name: 'cc', removed: '', added }]);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect([...row.added].length).toBeLessThanOrEqual(MAX_ACTIVITY_LINE);
    expect(rows[0]?.added.endsWith('.com')).toBe(true);
    expect(rows[1]?.added.startsWith(', user')).toBe(true);
    expect(rows.map((row) => row.added).join('')).toBe(added);
    // Bug.history joins them back into the one change.
    expect(mergedHistory([{ who: 1, when: 5, changes: [...rows] }])[0]?.changes).toEqual([
      { field_name: 'cc', removed: '', added },
    ]);
  });

  it('splits removed and added side by side: a row per part of the longer one, the shorter empty after its end', () => {
    const rows = activityRows([
      { field_name: 'blocks', removed: '1, 2', added: Array.from({ length: 80 }, (_, i) => i + 100).join(', ') },
    ]);
    expect(rows[0]?.removed).toBe('1, 2');
    expect(rows.slice(1).every((row) => row.removed === '')).toBe(true);
  });

  it('falls back to a space, then after a hyphen, then the limit itself, as find_wrap_point does', () => {
    const spaced = `${'a'.repeat(200)} ${'b'.repeat(100)}`;
    expect(activityRows([{ field_name: 'whiteboard', removed: '', added: spaced }]).map((r) => r.added)).toEqual([
      'a'.repeat(200),
      ` ${'b'.repeat(100)}`,
    ]);
    const hyphened = `${'a'.repeat(200)}-${'b'.repeat(100)}`;
    expect(activityRows([{ field_name: 'url', removed: '', added: hyphened }]).map((r) => r.added)).toEqual([
      `${'a'.repeat(200)}-`,
      'b'.repeat(100),
    ]);
    const solid = 'x'.repeat(300);
    expect(activityRows([{ field_name: 'url', removed: '', added: solid }]).map((r) => r.added.length)).toEqual([
      254, 46,
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(200); // 400 units, 200 characters: one row
    const changes = [{ field_name: 'whiteboard', removed: '', added: emoji }];
    expect(activityRows(changes)).toBe(changes);
    const rows = activityRows([{ field_name: 'whiteboard', removed: '', added: '😀'.repeat(300) }]);
    expect(rows.map((row) => [...row.added].length)).toEqual([254, 46]);
  });
});
