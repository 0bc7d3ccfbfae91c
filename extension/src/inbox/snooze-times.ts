/** The snooze choices, as times from `now` (local time: "tomorrow morning" is 8:00 where the user is). */
export interface SnoozeChoice {
  label: string;
  until: number;
}

const MORNING_HOUR = 8;

function morningAfter(now: number, days: number): number {
  const date = new Date(now);
  date.setDate(date.getDate() + days);
  date.setHours(MORNING_HOUR, 0, 0, 0);
  return date.getTime();
}

export function snoozeChoices(now: number): SnoozeChoice[] {
  const day = new Date(now).getDay();
  // Next Monday (a week from today when today is Monday).
  const toMonday = (8 - day) % 7 || 7;
  return [
    { label: 'An hour', until: now + 60 * 60 * 1000 },
    { label: 'Tomorrow morning', until: morningAfter(now, 1) },
    { label: 'Next week', until: morningAfter(now, toMonday) },
  ];
}

/** A date picked in the form (`YYYY-MM-DD`): its morning, local time; null when not a date after now. */
export function snoozeUntilDate(value: string, now: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), MORNING_HOUR).getTime();
  return at > now ? at : null;
}
