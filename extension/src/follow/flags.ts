import { parseBugzillaTime } from '@bz-companion/shared';
import type { FlagChange, FlagRequest } from '../common/inbox-state.js';

const same = (a: unknown, b: string | null) =>
  typeof a === 'string' && b !== null && a.toLowerCase() === b.toLowerCase();

interface RawFlag {
  id?: unknown;
  name?: unknown;
  status?: unknown;
  setter?: unknown;
  requestee?: unknown;
  creation_date?: unknown;
  modification_date?: unknown;
}

const time = (value: unknown) => (typeof value === 'string' ? parseBugzillaTime(value) : 0);

/**
 * The requests (`status` `?`) among a bug's or an attachment's flags as the tracker gives them
 * (Bug.get's and Bug.attachments' `flags`), oldest first; `on` names the attachment they are on.
 */
export function pendingRequests(flags: unknown, on: FlagRequest['attachment'] = null): FlagRequest[] {
  if (!Array.isArray(flags)) return [];
  return (flags as RawFlag[])
    .filter((flag) => flag.status === '?' && typeof flag.name === 'string' && typeof flag.setter === 'string')
    .map((flag) => ({
      id: typeof flag.id === 'number' ? flag.id : 0,
      flag: flag.name as string,
      from: flag.setter as string,
      of: typeof flag.requestee === 'string' && flag.requestee !== '' ? flag.requestee : null,
      // Bugzilla moves a flag's modification date when it is asked again: the request is that old.
      at: time(flag.modification_date) || time(flag.creation_date),
      attachment: on,
    }))
    .sort((a, b) => a.at - b.at);
}

/** The requests that ask `me`. */
export const requestsOf = (requests: readonly FlagRequest[], me: string | null) =>
  requests.filter((request) => same(request.of, me));

/** The requests `me` made of others (a request of oneself is no one else's to answer). */
export const requestsBy = (requests: readonly FlagRequest[], me: string | null) =>
  requests.filter((request) => same(request.from, me) && !same(request.of, me));

/**
 * One value of Bugzilla's flag history (`flagtypes.name`): "review?(bob@example.com), needinfo?,
 * approval+" as flags with their status and whom a request asks.
 */
function historyFlags(value: string): Array<{ flag: string; status: '?' | '+' | '-'; of: string | null }> {
  return value
    .split(',')
    .map((token) => /^\s*(.+?)([?+-])(?:\((.*)\))?\s*$/.exec(token))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ flag: match[1] as string, status: match[2] as '?' | '+' | '-', of: match[3] || null }));
}

/**
 * What one change of `flagtypes.name` did: each flag added (asked, granted, denied) and each
 * removed without another value of the same flag (taken away: `X`, as Bugzilla's form names it).
 */
export function flagChanges(removed: string, added: string, by: string): FlagChange[] {
  const now = historyFlags(added);
  const gone = historyFlags(removed).filter((old) => !now.some((flag) => flag.flag === old.flag));
  return [
    ...now.map((flag) => ({ flag: flag.flag, status: flag.status, by, of: flag.of })),
    ...gone.map((flag) => ({ flag: flag.flag, status: 'X' as const, by, of: flag.of })),
  ];
}
