/**
 * What the user decided about bugs, per tracker; it follows them between
 * browsers (storage.sync), so it is kept small: bug numbers as keys, times
 * in seconds. Done: hidden until the bug changes after that time. Muted:
 * hidden until unmuted. Snoozed: hidden until that time. Starred: marked.
 */
export interface Triage {
  done: Record<string, number>;
  muted: Record<string, 1>;
  snoozed: Record<string, number>;
  starred: Record<string, 1>;
}

export const emptyTriage = (): Triage => ({ done: {}, muted: {}, snoozed: {}, starred: {} });

export type TriageAction = 'done' | 'mute' | 'snooze' | 'star' | 'unstar' | 'unmute';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The triage after an action on these bugs (a new value; the old one is the undo). */
export function applyTriage(
  triage: Triage,
  action: TriageAction,
  bugs: readonly number[],
  now: number,
  until?: number,
): Triage {
  const next: Triage = {
    done: { ...triage.done },
    muted: { ...triage.muted },
    snoozed: { ...triage.snoozed },
    starred: { ...triage.starred },
  };
  for (const bug of bugs.map(String)) {
    if (action === 'done') next.done[bug] = seconds(now);
    if (action === 'mute') next.muted[bug] = 1;
    if (action === 'unmute') delete next.muted[bug];
    if (action === 'snooze' && until !== undefined) next.snoozed[bug] = seconds(until);
    if (action === 'star') next.starred[bug] = 1;
    if (action === 'unstar') delete next.starred[bug];
  }
  return next;
}

/** Why a changed bug is not waiting now, or null when it is. */
export function hiddenBy(
  triage: Triage,
  bug: number,
  lastChangeAt: number,
  now: number,
): 'muted' | 'snoozed' | 'done' | null {
  const key = String(bug);
  if (triage.muted[key]) return 'muted';
  const until = triage.snoozed[key];
  if (until !== undefined && until * 1000 > now) return 'snoozed';
  const done = triage.done[key];
  // Bugzilla's times are to the second: a change in the second of Done is one Done saw.
  if (done !== undefined && lastChangeAt <= done * 1000) return 'done';
  return null;
}

/** Accepts what another browser (another version) wrote: what is valid, the rest dropped. */
export function parseTriage(stored: unknown): Triage {
  const triage = emptyTriage();
  if (!stored || typeof stored !== 'object') return triage;
  const source = stored as Record<string, unknown>;
  const numbers = (value: unknown) =>
    Object.entries(value && typeof value === 'object' ? value : {}).filter(
      (entry): entry is [string, number] => /^\d+$/.test(entry[0]) && typeof entry[1] === 'number',
    );
  for (const [bug, at] of numbers(source.done)) triage.done[bug] = at;
  for (const [bug, at] of numbers(source.snoozed)) triage.snoozed[bug] = at;
  for (const [bug] of numbers(source.muted)) triage.muted[bug] = 1;
  for (const [bug] of numbers(source.starred)) triage.starred[bug] = 1;
  return triage;
}
