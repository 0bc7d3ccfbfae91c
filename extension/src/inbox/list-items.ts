import type { InboxOrder, InboxRow } from '../common/inbox-rows.js';

/** One item of the list as drawn: a heading above a part of the list, or a bug's row (`at`: its place among the rows). */
export type ListItem = { kind: 'head'; key: string; text: string } | { kind: 'row'; row: InboxRow; at: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The list as drawn: in the "needs you" order, a heading says where what needs the user ends and
 * the rest, by time, begins (the order said where it applies); by time alone, the rows only.
 */
export function listItems(rows: readonly InboxRow[], order: InboxOrder): ListItem[] {
  const items: ListItem[] = rows.map((row, at) => ({ kind: 'row', row, at }));
  const needing = rows.findIndex((row) => row.needs === null);
  const count = needing < 0 ? rows.length : needing;
  if (order === 'newest' || count === 0) return items;
  const rest = rows.length - count;
  return [
    {
      kind: 'head',
      key: 'needs-you',
      text: `Needs you (${count}): requests of you, oldest first, then bugs now yours`,
    },
    ...items.slice(0, count),
    ...(rest > 0
      ? [
          {
            kind: 'head' as const,
            key: 'the-rest',
            text: `Everything else, newest change first (${plural(rest, 'bug', 'bugs')})`,
          },
        ]
      : []),
    ...items.slice(count),
  ];
}
