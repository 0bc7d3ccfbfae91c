import { describe, expect, it } from 'vitest';
import { PasswordCheckLimiter } from './password-check-limiter.js';

/** A check that ends when the test says so. */
function heldCheck(log: string[], name: string) {
  let release = () => {};
  const ended = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    check: async () => {
      log.push(name);
      await ended;
      return name;
    },
  };
}

describe('the password check limiter', () => {
  it('runs one check at a time, queues a bounded number in arrival order, and answers the rest at once', async () => {
    const limiter = new PasswordCheckLimiter(1, 2);
    const log: string[] = [];
    const checks = ['a', 'b', 'c'].map((name) => heldCheck(log, name));
    const running = checks.map(({ check }) => limiter.run(check));
    // The queue is full while every check is still held: a fourth caller is not held behind them.
    expect(await limiter.run(async () => 'd')).toBeUndefined();
    expect(log).toEqual(['a']);
    expect(limiter.started).toBe(1);
    checks[0]?.release();
    expect(await running[0]).toBe('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a', 'b']);
    checks[1]?.release();
    checks[2]?.release();
    expect(await Promise.all(running.slice(1))).toEqual(['b', 'c']);
    expect(log).toEqual(['a', 'b', 'c']);
    // The slots are free again.
    expect(await limiter.run(async () => 'e')).toBe('e');
    expect(limiter.started).toBe(4);
  });

  it('frees the slot when a check fails', async () => {
    const limiter = new PasswordCheckLimiter(1, 0);
    await expect(limiter.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
