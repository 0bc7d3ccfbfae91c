import { describe, expect, it } from 'vitest';
import { afterRead, type Read, readAll, readEach } from './read.js';

const later = <T>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), 1));

describe('afterRead', () => {
  it('goes on at once after a value, and after a promise once it resolves', async () => {
    expect(afterRead(2, (n) => n * 3)).toBe(6);
    const pending = afterRead(later(2), (n) => n * 3);
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(6);
  });
});

describe('readEach', () => {
  it('stays synchronous while every answer is, in order', () => {
    expect(readEach([1, 2, 3], (n) => n * 2)).toEqual([2, 4, 6]);
  });

  it('asks one item after the other, in order, when answers are promises', async () => {
    const asked: number[] = [];
    const answers = readEach([3, 1, 2], (n): Read<number> => {
      asked.push(n);
      return n === 1 ? n * 10 : later(n * 10);
    });
    expect(asked).toEqual([3]);
    expect(await answers).toEqual([30, 10, 20]);
    expect(asked).toEqual([3, 1, 2]);
  });

  it('stops at the first error, asking nothing after it', async () => {
    const asked: number[] = [];
    const answers = readEach([1, 2, 3], (n) => {
      asked.push(n);
      return n === 2 ? Promise.reject(new Error(`no ${n}`)) : later(n);
    });
    await expect(answers).rejects.toThrow('no 2');
    expect(asked).toEqual([1, 2]);
  });
});

describe('readAll', () => {
  it('answers at once when every read has, else once all have', async () => {
    expect(readAll([1, 2])).toEqual([1, 2]);
    const mixed = readAll([1, later(2), 3]);
    expect(mixed).toBeInstanceOf(Promise);
    expect(await mixed).toEqual([1, 2, 3]);
  });
});
