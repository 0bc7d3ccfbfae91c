import { describe, expect, it } from 'vitest';
import { defaultInstance } from '../stores/default-instance.js';
import { AdjustableClock, parseInstant } from './adjustable-clock.js';
import { withSkew } from './clock.js';

/** A clock over a system time the test moves by hand. */
function clockOver(start: number) {
  let system = start;
  const clock = new AdjustableClock(() => system);
  return { clock, tick: (ms: number) => (system += ms) };
}

const T = Date.parse('2026-01-01T00:00:00Z');

describe('AdjustableClock', () => {
  it('follows the system clock until told otherwise', () => {
    const { clock, tick } = clockOver(T);
    expect(clock.now()).toBe(T);
    tick(1500);
    expect(clock.now()).toBe(T + 1500);
  });

  it('runs on from an instant it is set to, and stands still when frozen', () => {
    const { clock, tick } = clockOver(T);
    clock.set(T + 86_400_000);
    tick(1000);
    expect(clock.now()).toBe(T + 86_401_000);
    clock.freeze();
    tick(5000);
    expect(clock.now()).toBe(T + 86_401_000);
    clock.set(T);
    expect([clock.now(), clock.frozen]).toEqual([T, true]);
  });

  it('advances frozen or running, and resumes from where it stood', () => {
    const { clock, tick } = clockOver(T);
    clock.advance(60);
    expect(clock.now()).toBe(T + 60_000);
    clock.freeze();
    clock.advance(30);
    tick(10_000);
    expect(clock.now()).toBe(T + 90_000);
    clock.resume();
    tick(1000);
    expect(clock.now()).toBe(T + 91_000);
    clock.set(null);
    expect([clock.now(), clock.frozen]).toEqual([T + 11_000, false]);
  });

  it('overrides the instance database offset only while one is set', () => {
    const { clock } = clockOver(T);
    const instance = { ...defaultInstance(), dbTimeOffsetSeconds: 5, visitRetention: false, strictInvolvement: false };
    expect(withSkew(T, instance, clock.dbTimeOffsetSeconds())).toBe(T + 5000);
    clock.setDbTimeOffset(-60);
    expect(withSkew(T, instance, clock.dbTimeOffsetSeconds())).toBe(T - 60_000);
    expect(clock.state(5)).toEqual({ now: '2026-01-01T00:00:00Z', frozen: false, db_time_offset_seconds: -60 });
    clock.setDbTimeOffset(undefined);
    expect(clock.state(5).db_time_offset_seconds).toBe(5);
  });
});

describe('parseInstant', () => {
  it('takes ISO 8601 instants with a zone, and nothing else', () => {
    expect(parseInstant('2026-01-01T00:00:00Z')).toBe(T);
    expect(parseInstant('2026-01-01T00:00:00.250Z')).toBe(T + 250);
    expect(parseInstant('2026-01-01T02:00:00+02:00')).toBe(T);
    for (const bad of ['2026-01-01', '2026-01-01T00:00:00', 'yesterday', '2026-13-01T00:00:00Z']) {
      expect(parseInstant(bad)).toBeUndefined();
    }
  });
});
