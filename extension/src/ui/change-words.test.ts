import { describe, expect, it } from 'vitest';
import { changeWords, fieldChanges, openingWords, whatChangedWords } from './change-words.js';

const entry = (when: string, who: string, field: string, removed: string, added: string) => ({
  when,
  who,
  changes: [{ field_name: field, removed, added }],
});

describe('what changed, in words', () => {
  it('says each field once, from its first value to its last, leaving out the user’s own and the unchanged', () => {
    const history = [
      entry('2026-11-01T10:00:00Z', 'omar', 'priority', '--', 'Low'), // before the visit
      entry('2026-11-02T10:00:00Z', 'omar', 'priority', 'Low', 'High'),
      entry('2026-11-03T10:00:00Z', 'ana', 'priority', 'High', 'Highest'),
      entry('2026-11-03T11:00:00Z', 'me', 'bug_status', 'NEW', 'ASSIGNED'),
      entry('2026-11-03T12:00:00Z', 'omar', 'keywords', '', 'regression'),
      entry('2026-11-03T13:00:00Z', 'omar', 'severity', 'normal', 'major'),
      entry('2026-11-03T14:00:00Z', 'omar', 'severity', 'major', 'normal'),
    ];
    const changes = fieldChanges(history, Date.parse('2026-11-01T12:00:00Z'), (who) => who !== 'me');
    expect(changes.map(changeWords)).toEqual(['Priority Low → Highest', 'Keywords + regression']);
  });

  it('counts new comments with the first one’s opening words, cut at a word', () => {
    const words = whatChangedWords({ comments: 2, changes: 0 }, [], openingWords(`${'word '.repeat(30)}end`));
    expect(words).toEqual([`2 new comments: “${'word '.repeat(16).trim()}…”`]);
    expect(whatChangedWords({ comments: 0, changes: 3 }, [], null)).toEqual(['3 changes']);
    expect(changeWords({ field: 'cf_crash_signature', from: 'a', to: '' })).toBe('Crash signature − a');
  });
});
