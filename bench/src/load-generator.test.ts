import { describe, expect, it } from 'vitest';
import { wrkLatencyMs } from './load-generator.js';

describe("reading wrk's latency distribution", () => {
  const output = ['  Latency Distribution', '     50%  645.41ms', '     90%  812.00us', '     99%    1.82s '].join(
    '\n',
  );

  it('reads each unit as milliseconds, a padded value in seconds too', () => {
    expect(wrkLatencyMs(output, '50%')).toBeCloseTo(645.41);
    expect(wrkLatencyMs(output, '90%')).toBeCloseTo(0.812);
    expect(wrkLatencyMs(output, '99%')).toBeCloseTo(1820);
    expect(wrkLatencyMs(output, '75%')).toBeNaN();
  });
});
