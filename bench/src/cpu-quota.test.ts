import { describe, expect, it } from 'vitest';
import { quotaMicros, usageFromCpuStat } from './cpu-quota.js';

describe('cpu quotas', () => {
  it('writes a quarter core as 1.25 ms per 5 ms period, never under the kernel floor', () => {
    expect(quotaMicros(0.25)).toBe('1250');
    expect(quotaMicros(2)).toBe('10000');
    expect(quotaMicros(0.01)).toBe('1000');
  });

  it("reads cgroup v2's cpu.stat usage", () => {
    expect(usageFromCpuStat('usage_usec 1234567\nuser_usec 1000000\nsystem_usec 234567\n')).toBe(1234567);
    expect(usageFromCpuStat('')).toBeNaN();
  });
});
