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
  | 'undo'
  | 'refresh'
  | 'select-all'
  | 'act'
  | 'reply'
  | 'status'
  | 'answer'
  | 'grant'
  | 'deny'
  | 'take'
  | 'cc';

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
  r: 'refresh',
  A: 'select-all',
  a: 'act',
  c: 'reply',
  u: 'status',
  n: 'answer',
  g: 'grant',
  d: 'deny',
  t: 'take',
  w: 'cc',
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
  ['/', 'search: words, or from:, reason:, tracker:, field:'],
  ['A', 'select every bug shown (then e: done with all of them)'],
  ['r', 'look for changes on every tracker now'],
  ['a', 'act on the bug on its tracker: reply, status, answer, review, take, CC'],
  ['c', 'reply with a comment'],
  ['u', 'change the status'],
  ['n', 'answer the needinfo asked of you'],
  ['g / d', 'grant / deny the review or feedback asked of you'],
  ['t', 'take the bug (assign it to you)'],
  ['w', 'join or leave its CC'],
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
