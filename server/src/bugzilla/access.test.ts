import { describe, expect, it } from 'vitest';
import { testUser } from '../../testing/test-user.js';
import { canSeeChange, historyViewer } from './access.js';
import type { User } from './types.js';

const user = (groups: string[]): User => testUser({ id: 1, login: 'u@example.com', groups });
const PARAMETERS = { insidergroup: 'insiders', timetrackinggroup: 'timers' };
const change = (field_name: string, added = '2.5') => ({ field_name, removed: '', added });

describe('canSeeChange', () => {
  it("shows time tracking to the time-tracking group only, as 5.2's get_activity does, and a deadline to all", () => {
    const timer = historyViewer(user(['timers']), PARAMETERS);
    const insider = historyViewer(user(['insiders']), PARAMETERS);
    const loggedOut = historyViewer(undefined, PARAMETERS);
    for (const field of ['estimated_time', 'remaining_time', 'work_time', 'actual_time', 'percentage_complete']) {
      expect({ field, seen: canSeeChange(timer, change(field)) }).toEqual({ field, seen: true });
      expect({ field, seen: canSeeChange(insider, change(field)) }).toEqual({ field, seen: false });
      expect({ field, seen: canSeeChange(loggedOut, change(field)) }).toEqual({ field, seen: false });
    }
    expect(canSeeChange(loggedOut, change('deadline', '2026-12-01'))).toBe(true);
  });

  it('shows that a comment was made private to insiders only, and its making public to all', () => {
    const outsider = historyViewer(user(['timers']), PARAMETERS);
    const insider = historyViewer(user(['insiders']), PARAMETERS);
    expect(canSeeChange(outsider, change('longdescs.isprivate', '1'))).toBe(false);
    expect(canSeeChange(insider, change('longdescs.isprivate', '1'))).toBe(true);
    expect(canSeeChange(outsider, change('longdescs.isprivate', '0'))).toBe(true);
  });

  it('gives nobody time tracking when the group parameter is empty', () => {
    const viewer = historyViewer(user(['timers', '']), { ...PARAMETERS, timetrackinggroup: '' });
    expect(canSeeChange(viewer, change('work_time'))).toBe(false);
  });
});
