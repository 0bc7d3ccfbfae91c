import { REDACTED, TOO_DEEP } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { JOURNAL_CAPACITY, journalBody, RequestJournal } from './request-journal.js';

const entry = (path: string) => ({
  at: '2026-01-01T00:00:00Z',
  method: 'GET',
  path,
  query: {},
  headers: {},
  status: 200,
  user: null,
  duration_ms: 0.1,
  body: null,
  body_truncated: false,
  delay_ms: 0,
});

describe('RequestJournal', () => {
  it('keeps the latest 10,000 requests, numbered for the server life', () => {
    const journal = new RequestJournal();
    for (let i = 1; i <= JOURNAL_CAPACITY + 5; i++) journal.add(entry(`/${i}`));
    const all = journal.list();
    expect(all).toHaveLength(10_000);
    expect([all[0]?.n, all[0]?.path, all.at(-1)?.n]).toEqual([6, '/6', 10_005]);
    expect(journal.list(10_003).map((r) => r.n)).toEqual([10_004, 10_005]);
  });

  it('hands out copies: a caller cannot change what was recorded', () => {
    const journal = new RequestJournal();
    journal.add(entry('/a'));
    const [copy] = journal.list();
    if (copy) copy.path = '/changed';
    expect(journal.list()[0]?.path).toBe('/a');
  });
});

describe('journalBody', () => {
  it('keeps a small body whole, redacted', () => {
    expect(journalBody({ ids: [1], Bugzilla_api_key: 'k' })).toEqual({
      body: { ids: [1], Bugzilla_api_key: '[REDACTED]' },
      body_truncated: false,
    });
    expect(journalBody(null)).toEqual({ body: null, body_truncated: false });
  });

  it('cuts at 4 KiB of JSON, never inside a character, and says how big it was', () => {
    const { body, body_truncated } = journalBody({ text: 'é'.repeat(5000) });
    expect(body_truncated).toBe(true);
    expect(body).toMatch(/^\{"text":"é+… \(cut at 4 KiB of 10011 bytes\)$/);
  });
});

describe('journalBody on deep bodies', () => {
  it('redacts without recursion, keeps the order of members, and marks what nests too deep', () => {
    let deep: unknown = { api_key: 'secret', leaf: true };
    for (let i = 0; i < 3000; i++) deep = { ids: [1], next: deep, token: 't' };
    const { body } = journalBody(deep);
    const text = JSON.stringify(body);
    expect(text).not.toContain('secret');
    expect(text).toContain(TOO_DEEP);
    expect(text.startsWith('{"ids":[1],"next":{"ids":[1],"next":')).toBe(true);
    expect(journalBody({ a: 1, password: 'x', b: [{ token: 'y', c: 2 }] }).body).toEqual({
      a: 1,
      password: REDACTED,
      b: [{ token: REDACTED, c: 2 }],
    });
  });
});
