import { describe, expect, it } from 'vitest';
import { periodProblem } from './NewsSettingsForm.js';

describe('periodProblem (the "Look for changes every" field)', () => {
  it('refuses 0, fractions, empty and more than a day, saying why', () => {
    expect(periodProblem('0')).toMatch(/^At least 1 minute/);
    expect(periodProblem('-5')).toMatch(/^At least 1 minute/);
    expect(periodProblem('2.5')).toMatch(/whole number/);
    expect(periodProblem('')).toMatch(/whole number/);
    expect(periodProblem('1441')).toMatch(/^At most 1440/);
  });

  it('takes whole minutes from 1 to 1440', () => {
    expect(periodProblem('1')).toBeNull();
    expect(periodProblem('1440')).toBeNull();
  });
});
