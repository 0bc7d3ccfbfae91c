import { describe, expect, it } from 'vitest';
import { FieldSelection } from './field-selection.js';

const select = (query: string) => FieldSelection.fromQuery(new URLSearchParams(query));

describe('FieldSelection (include_fields / exclude_fields by type)', () => {
  it('wants the default fields and nothing extra when nothing is said', () => {
    expect(select('').wants('summary')).toBe(true);
    expect(select('').wants('tags', 'extra')).toBe(false);
  });

  it('reads comma, space and repeated lists; exclusion wins', () => {
    const fields = select('include_fields=id,summary%20status&include_fields=alias&exclude_fields=status');
    expect(['id', 'summary', 'status', 'alias', 'product'].map((name) => fields.wants(name))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('groups fields by _default, _all and _extra', () => {
    expect(select('include_fields=_default').wants('tags', 'extra')).toBe(false);
    expect(select('include_fields=_all').wants('tags', 'extra')).toBe(true);
    expect(select('include_fields=_extra').wants('summary')).toBe(false);
    expect(select('exclude_fields=_default').wants('summary')).toBe(false);
  });

  it('takes a custom field as a default field and as a _custom one; an exclusion of either type wins', () => {
    expect(select('').wants('cf_stage', 'custom')).toBe(true);
    expect(select('include_fields=_custom').wants('cf_stage', 'custom')).toBe(true);
    expect(select('include_fields=_custom').wants('summary')).toBe(false);
    expect(select('include_fields=_default').wants('cf_stage', 'custom')).toBe(true);
    expect(select('include_fields=id').wants('cf_stage', 'custom')).toBe(false);
    expect(select('include_fields=id,cf_stage').wants('cf_stage', 'custom')).toBe(true);
    expect(select('exclude_fields=_custom').wants('cf_stage', 'custom')).toBe(false);
    expect(select('exclude_fields=_custom').wants('summary')).toBe(true);
    expect(select('include_fields=_default&exclude_fields=_custom').wants('cf_stage', 'custom')).toBe(false);
    expect(select('include_fields=_custom&exclude_fields=_default').wants('cf_stage', 'custom')).toBe(false);
    expect(select('include_fields=_custom&exclude_fields=cf_build').wants('cf_build', 'custom')).toBe(false);
  });

  it('asks for a detail object and only the named sub-fields of it', () => {
    const fields = select('include_fields=assigned_to.name');
    expect(fields.wants('assigned_to')).toBe(true);
    expect(fields.wants('name', 'default', 'assigned_to')).toBe(true);
    expect(fields.wants('email', 'default', 'assigned_to')).toBe(false);
    expect(select('include_fields=assigned_to').wants('email', 'default', 'assigned_to')).toBe(true);
  });
});
