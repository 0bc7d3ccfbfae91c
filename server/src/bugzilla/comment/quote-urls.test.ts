import { describe, expect, it } from 'vitest';
import { type QuoteUrlsContext, quoteUrls } from './quote-urls.js';

const context: QuoteUrlsContext = {
  currentBugId: 4,
  bases: ['http://bz.example/'],
  bug: (id) =>
    id === 7 ? { status: 'RESOLVED', resolution: 'FIXED', isOpen: false, summary: 'A <b> & "q"' } : undefined,
  attachment: (id) => (id === 2 ? { title: 'old', isObsolete: true } : undefined),
};

describe("quoteUrls (5.2's comment rendering)", () => {
  it('escapes the text and marks quoted lines as one span', () => {
    expect(quoteUrls('> a\n> b\nc & <d>', context)).toBe(
      '<span class="quote">&gt; a\n&gt; b</span >\nc &amp; &lt;d&gt;',
    );
  });

  it("links a full bug URL under urlbase with the bug's title, escaped", () => {
    expect(quoteUrls('http://bz.example/show_bug.cgi?id=7#c3', context)).toBe(
      '<a class="bz_bug_link \n          bz_status_RESOLVED  bz_closed"\n   title="RESOLVED FIXED - A &lt;b&gt; &amp; &quot;q&quot;"\n   href="show_bug.cgi?id=7#c3">http://bz.example/show_bug.cgi?id=7#c3</a>',
    );
  });

  it('links comment lists into the current bug and leaves unknown bugs as text', () => {
    expect(quoteUrls('comments 1, #2 and bugs 5, 6', context)).toBe(
      'comments <a href="show_bug.cgi?id=4#c1">1</a>, <a href="show_bug.cgi?id=4#c2">#2</a> and bugs 5, 6',
    );
  });

  it('marks an obsolete attachment and keeps a missing one as text', () => {
    expect(quoteUrls('attachment 2 [details], attachment 3', context)).toBe(
      '<span class="bz_obsolete"><a href="attachment.cgi?id=2" name="attach_2" title="old">attachment 2</a> <a href="attachment.cgi?id=2&amp;action=edit" title="old">[details]</a></span>, attachment 3',
    );
  });

  it('links the old duplicate marker', () => {
    expect(quoteUrls('*** This bug has been marked as a duplicate of 7 ***', context)).toContain(
      'duplicate of <a class="bz_bug_link',
    );
  });
});
