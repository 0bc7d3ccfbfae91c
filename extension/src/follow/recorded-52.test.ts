import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HistoryEntry } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { flagChangeWords } from '../ui/request-words.js';
import { flagChanges, pendingRequests, requestsBy, requestsOf } from './flags.js';

/**
 * What needs the user, read from the answers a real Bugzilla 5.2 gave (server/test-data/bugzilla-5.2/):
 * its flag search, its flags' history, whose account User.get shows as one's own.
 */
const RECORDINGS = fileURLToPath(new URL('../../../server/test-data/bugzilla-5.2/', import.meta.url));
type Case = { n: number; response: { body: string } };
const answer = (file: string, n: number) =>
  JSON.parse(
    (
      (JSON.parse(readFileSync(`${RECORDINGS}${file}`, 'utf8')) as { cases: Case[] }).cases.find(
        (c) => c.n === n,
      ) as Case
    ).response.body,
  );

describe('on the recorded Bugzilla 5.2', () => {
  it('finds the requests of the user in its flag search (#40), the oldest first, and those they made (#40)', () => {
    const { bugs } = answer('flags.json', 40) as { bugs: Array<{ id: number; flags: unknown }> };
    const ofUser = bugs.map((bug) => [bug.id, requestsOf(pendingRequests(bug.flags), 'user@example.com')] as const);
    expect(ofUser.map(([id, requests]) => [id, requests.map((r) => `${r.flag}? from ${r.from}`)])).toEqual([
      [1, ['needinfo? from admin@example.com']],
      [8, ['needinfo? from admin@example.com']],
    ]);
    const byAdmin = bugs.flatMap((bug) => requestsBy(pendingRequests(bug.flags), 'admin@example.com'));
    expect(byAdmin.every((request) => request.of !== 'admin@example.com' && request.from === 'admin@example.com')).toBe(
      true,
    );
    expect(byAdmin.length).toBeGreaterThan(1);
    // Oldest first within each bug (the ranking across bugs is the inbox's, not the flags').
    for (const bug of bugs) {
      const times = requestsBy(pendingRequests(bug.flags), 'admin@example.com').map((request) => request.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('says its flags history (#39) in words, no field name', () => {
    const { bugs } = answer('flags.json', 39) as { bugs: Array<{ history: HistoryEntry[] }> };
    const words = (bugs[0]?.history ?? []).flatMap((entry) =>
      entry.changes
        .filter((change) => change.field_name === 'flagtypes.name')
        .flatMap((change) => flagChanges(change.removed, change.added, entry.who))
        .map((change) => flagChangeWords(change, 'user@example.com')),
    );
    expect(words).toEqual([
      'you ask admin for review',
      'review+ by admin',
      'review− by admin',
      'you ask for review',
      'review cleared by you',
      'admin asks you for needinfo',
      'admin asks dev for needinfo',
      'qa+ by you',
    ]);
  });

  it('shows saved searches to the account’s owner only (#5, #2): how a login is checked against the key', () => {
    const own = (answer('user.json', 5) as { users: Array<Record<string, unknown>> }).users[0];
    const other = (answer('user.json', 2) as { users: Array<Record<string, unknown>> }).users[0];
    expect(own).toHaveProperty('saved_searches');
    expect(other).not.toHaveProperty('saved_searches');
  });
});
