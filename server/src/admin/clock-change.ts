import { z } from 'zod';
import { parseInstant } from '../bugzilla/adjustable-clock.js';
import { AdminError, describeFirstIssue } from './admin-error.js';

const clockChangeSchema = z.strictObject({
  now: z
    .string()
    .nullable()
    .transform((text, ctx) => {
      if (text === null) return null;
      const ms = parseInstant(text);
      if (ms === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an ISO 8601 instant such as "2026-01-01T00:00:00Z", not "${text}"`,
        });
        return z.NEVER;
      }
      return ms;
    })
    .optional(),
  frozen: z.boolean().optional(),
  db_time_offset_seconds: z.number().int('must be a whole number of seconds').optional(),
});

/** The parts of a clock change: an instant (epoch ms, or null for the system clock), frozen, db offset. */
export type ClockChange = z.output<typeof clockChangeSchema>;

export function parseClockChange(input: unknown): ClockChange {
  const parsed = clockChangeSchema.safeParse(input ?? {});
  if (!parsed.success) throw new AdminError(400, describeFirstIssue('clock', parsed.error));
  return parsed.data;
}

const advanceSchema = z.strictObject({
  seconds: z.number('must be a number').min(0, 'must be 0 or more'),
});

export function parseAdvance(input: unknown): number {
  const parsed = advanceSchema.safeParse(input);
  if (!parsed.success) throw new AdminError(400, describeFirstIssue('clock advance', parsed.error));
  return parsed.data.seconds;
}
