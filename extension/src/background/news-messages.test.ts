import { describe, expect, it } from 'vitest';
import { isNewsRequest } from './news-messages.js';

describe('isNewsRequest', () => {
  it('takes the banner, refresh and mark-seen requests', () => {
    expect(isNewsRequest({ type: 'bug-page-news', url: 'http://127.0.0.1:3080/show_bug.cgi?id=1' })).toBe(true);
    expect(isNewsRequest({ type: 'refresh-news' })).toBe(true);
    expect(isNewsRequest({ type: 'refresh-news', tracker: 'first', maxAgeMs: 30_000 })).toBe(true);
    expect(isNewsRequest({ type: 'mark-seen', tracker: 'first', ids: [1, 2] })).toBe(true);
  });

  it('leaves anything else to the other handlers, or unanswered', () => {
    for (const message of [
      null,
      'refresh-news',
      { type: 'delivery-state', tracker: 'first' },
      { type: 'bug-page-news' },
      { type: 'refresh-news', tracker: 3 },
      { type: 'refresh-news', maxAgeMs: '30' },
      { type: 'mark-seen', tracker: 'first', ids: ['1'] },
      { type: 'mark-seen', tracker: 'first', ids: [0] },
      { type: 'mark-seen', tracker: 'first', ids: [1.5] },
      { type: 'mark-seen', ids: [1] },
    ]) {
      expect(isNewsRequest(message), JSON.stringify(message)).toBe(false);
    }
  });
});
