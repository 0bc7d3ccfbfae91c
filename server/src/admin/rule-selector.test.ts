import { describe, expect, it } from 'vitest';
import { AdminError } from './admin-error.js';
import { parseFaultRule } from './faults.js';
import { parseLatencyRule } from './latency.js';
import { matches } from './rule-selector.js';

describe('the selector fault and latency rules share', () => {
  const parsers = {
    fault: (s: object) => parseFaultRule({ ...s, status: 500 }),
    latency: (s: object) => parseLatencyRule({ ...s, fixed_ms: 5 }),
  };

  it.each(Object.entries(parsers))('is read alike by the %s rules', (kind, parse) => {
    expect(parse({ method: 'post', path_prefix: '/rest/bug' })).toMatchObject({
      method: 'POST',
      path_prefix: '/rest/bug',
    });
    expect(() => parse({ path: '/rest/bug', path_prefix: '/rest/' })).toThrow(
      new AdminError(400, `${kind}: takes "path" or "path_prefix", not both`),
    );
    expect(() => parse({ method: 'GET /x' })).toThrow(AdminError);
    expect(() => parse({ path: 'rest/bug' })).toThrow(AdminError);
  });

  it('selects by method, then an exact path or a prefix; what is absent selects any request', () => {
    expect(matches({}, 'GET', '/rest/bug/1')).toBe(true);
    expect(matches({ method: 'POST' }, 'GET', '/rest/bug/1')).toBe(false);
    expect(matches({ path: '/rest/bug' }, 'GET', '/rest/bug/1')).toBe(false);
    expect(matches({ path_prefix: '/rest/bug' }, 'GET', '/rest/bug/1')).toBe(true);
  });
});
