/** What a key does on the inbox; null for keys it leaves alone (while typing, or with a modifier). */
export type InboxKey =
  | 'down'
  | 'up'
  | 'select'
  | 'done'
  | 'mute'
  | 'star'
  | 'snooze'
  | 'seen'
  | 'open'
  | 'open-selected'
  | 'search'
  | 'help'
  | 'undo';

const KEYS: Record<string, InboxKey> = {
  j: 'down',
  k: 'up',
  x: 'select',
  e: 'done',
  m: 'mute',
  s: 'star',
  b: 'snooze',
  y: 'seen',
  Enter: 'open',
  o: 'open',
  O: 'open-selected',
  '/': 'search',
  '?': 'help',
  z: 'undo',
};

/** The list the `?` dialog shows, in this order. */
export const KEY_HELP: Array<[string, string]> = [
  ['j / k', 'next / previous bug'],
  ['x', 'select the bug (shift-click selects a range)'],
  ['e', 'done: out of the inbox until something new happens'],
  ['m', 'mute: never listed or notified again until unmuted'],
  ['b', 'snooze: an hour, tomorrow morning, next week, a date'],
  ['s', 'star'],
  ['y', 'mark seen (records the visit on the tracker)'],
  ['Enter or o', 'open the bug'],
  ['O', 'open every selected bug in tabs'],
  ['/', 'search the summaries'],
  ['z', 'undo the last action (for 10 seconds)'],
  ['?', 'this list'],
];

export function inboxKey(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: unknown;
}): InboxKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as { tagName?: string; type?: string } | null;
  const tag = target?.tagName;
  const typing =
    tag === 'SELECT' ||
    tag === 'TEXTAREA' ||
    (tag === 'INPUT' && target?.type !== 'checkbox' && target?.type !== 'radio');
  if (typing) return null;
  // On a button, link or checkbox Enter is its own; the letters still work there.
  if (event.key === 'Enter' && (tag === 'BUTTON' || tag === 'A' || tag === 'INPUT')) return null;
  return KEYS[event.key] ?? null;
}
