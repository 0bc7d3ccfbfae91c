import { describe, expect, it } from 'vitest';
import { bannerLink, bannerText, luminance, pageIsDark } from './banner-view.js';

const HOUR = 3600 * 1000;

describe('the banner text', () => {
  it('says what is new and since when, and links to the first new comment', () => {
    const answer = {
      news: { comments: 3, changes: 1, fields: ['status'], firstNewComment: 7 },
      since: 0,
      source: 'tracker' as const,
    };
    expect(bannerText(answer, 48 * HOUR)).toBe('3 new comments and 1 change since your last visit 2 days ago');
    expect(bannerLink(answer)).toBe('#c7');
    expect(bannerLink({ ...answer, news: { ...answer.news, comments: 0, firstNewComment: null } })).toBeNull();
  });
});

describe("the page's scheme", () => {
  it("follows the page's background where it has one, else the browser's preference", () => {
    expect(luminance('rgba(0, 0, 0, 0)')).toBeNull();
    expect(pageIsDark(['rgb(255, 255, 255)'], true)).toBe(false);
    expect(pageIsDark(['rgba(0, 0, 0, 0)', 'rgb(18, 18, 18)'], false)).toBe(true);
    expect(pageIsDark(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'], true)).toBe(true);
    expect(pageIsDark([], false)).toBe(false);
  });
});
