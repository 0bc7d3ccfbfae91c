import { describe, expect, it } from 'vitest';
import { customFieldRecord } from '../../../testing/custom-field-record.js';
import { type CustomField, type CustomFieldType, FIELD_TYPE } from './custom-field.js';
import { customValue, customValueJson, customValueText, sameCustomValue, withCustomValue } from './custom-values.js';

const field = (name: string, type: CustomFieldType): CustomField => customFieldRecord({ id: 60, name, type });

describe('a bug’s custom values', () => {
  it('reads a field the bug never set as its column’s default', () => {
    const fields = { custom: { cf_build: 'b1' } };
    expect(customValue(fields, field('cf_build', FIELD_TYPE.freetext))).toBe('b1');
    expect(customValue({}, field('cf_stage', FIELD_TYPE.singleSelect))).toBe('---');
    expect(customValue({}, field('cf_os', FIELD_TYPE.multiSelect))).toEqual([]);
    expect(customValue({}, field('cf_points', FIELD_TYPE.integer))).toBe(0);
    expect(customValue({}, field('cf_due', FIELD_TYPE.datetime))).toBeNull();
  });

  it('keeps one form: a default left out, a multiple-selection sorted and without repeats', () => {
    const stage = field('cf_stage', FIELD_TYPE.singleSelect);
    const os = field('cf_os', FIELD_TYPE.multiSelect);
    const set = withCustomValue(withCustomValue(undefined, stage, 'testing'), os, ['windows', 'linux', 'windows']);
    expect(set).toEqual({ cf_stage: 'testing', cf_os: ['linux', 'windows'] });
    expect(withCustomValue(set, stage, '---')).toEqual({ cf_os: ['linux', 'windows'] });
    expect(withCustomValue(withCustomValue(set, stage, '---'), os, [])).toBeUndefined();
    expect(sameCustomValue(['a', 'b'], ['b', 'a'])).toBe(true);
  });

  it('answers Bug.get’s types: ints for bug ids, dateTimes, lists, and strings for the rest (integers too)', () => {
    expect(customValueJson(field('cf_points', FIELD_TYPE.integer), 21)).toBe('21');
    expect(customValueJson(field('cf_reg', FIELD_TYPE.bugId), 3)).toBe(3);
    expect(customValueJson(field('cf_due', FIELD_TYPE.datetime), Date.UTC(2026, 6, 1, 12) / 1000)).toBe(
      '2026-07-01T12:00:00Z',
    );
    expect(customValueJson(field('cf_ship', FIELD_TYPE.date), '2025-03-01')).toBe('2025-03-01T00:00:00Z');
    expect(customValueJson(field('cf_ship', FIELD_TYPE.date), null)).toBeNull();
  });

  it('writes history’s text as Bugzilla’s columns read back', () => {
    expect(customValueText(field('cf_due', FIELD_TYPE.datetime), Date.UTC(2026, 10, 30, 17) / 1000)).toBe(
      '2026-11-30 17:00:00',
    );
    expect(customValueText(field('cf_reg', FIELD_TYPE.bugId), null)).toBe('');
    expect(customValueText(field('cf_os', FIELD_TYPE.multiSelect), ['linux', 'windows'])).toBe('linux, windows');
  });
});
