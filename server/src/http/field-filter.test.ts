import { describe, expect, it } from 'vitest';
import { applyFieldFilter, readFieldFilter } from './field-filter.js';

const filter = (query: string) => {
  const parsed = readFieldFilter(new URLSearchParams(query));
  if (!parsed) throw new Error('expected a filter');
  return parsed;
};

describe('field filter', () => {
  it('is absent without include_fields or exclude_fields', () => {
    expect(readFieldFilter(new URLSearchParams('ids=1'))).toBeNull();
    expect(readFieldFilter(new URLSearchParams('include_fields='))).toBeNull();
  });

  it('reads repeated, comma and space separated names', () => {
    const parsed = filter('include_fields=a,b&include_fields=c%20d');
    expect([...(parsed.include ?? [])]).toEqual(['a', 'b', 'c', 'd']);
  });

  it('narrows objects and arrays of objects, never widens', () => {
    expect(applyFieldFilter({ version: '5.2' }, filter('include_fields=version'))).toEqual({ version: '5.2' });
    expect(applyFieldFilter({ version: '5.2' }, filter('include_fields=nothing'))).toEqual({});
    expect(applyFieldFilter([{ id: 1, last_visit_ts: 'x' }], filter('exclude_fields=last_visit_ts'))).toEqual([
      { id: 1 },
    ]);
  });

  it('lets exclude win over include', () => {
    expect(applyFieldFilter({ a: 1, b: 2 }, filter('include_fields=a,b&exclude_fields=b'))).toEqual({ a: 1 });
  });

  it('filters parameters by parameter name', () => {
    const value = { parameters: { maintainer: 'm', requirelogin: '0' } };
    expect(applyFieldFilter(value, filter('include_fields=maintainer'), 'parameters')).toEqual({
      parameters: { maintainer: 'm' },
    });
  });
});
