import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugContentFixture } from '../testing/bug-content-fixture.js';
import { type RunningServer, serveFixture } from '../testing/cli-server.js';

let server: RunningServer;
beforeAll(async () => {
  const fixture = bugContentFixture();
  const [first, ...rest] = fixture.bugs;
  server = await serveFixture({
    ...fixture,
    bugs: [{ ...first, summary: 'Crash on <script>alert(1)</script>' }, ...rest],
  });
});
afterAll(() => server.stop());

const page = async (query: string) => {
  const response = await fetch(`${server.url}/show_bug.cgi?${query}`);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return response.text();
};

describe('the demo bug pages', () => {
  it('show the summary (escaped), the fields, and the history', async () => {
    const html = await page('id=myalias');
    expect(html).toContain('<h2 id="summary">Crash on &#60;script&#62;alert(1)&#60;/script&#62;</h2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<dd>IN_PROGRESS</dd>');
    expect(html).toContain('<td>priority</td><td>Normal</td><td>High</td>');
  });

  it('anchor each public comment as Bugzilla does (id="cN", N its count), leaving private ones out', async () => {
    const html = await page('id=1');
    expect([...html.matchAll(/<article class="comment" id="(c\d+)"/g)].map((match) => match[1])).toEqual([
      'c0',
      'c1',
      'c3',
    ]);
    expect(html).toContain('Same here.');
    expect(html).not.toContain('Insiders only.');
    expect(html).not.toContain('longdescs.isprivate');
  });

  it('show nothing of a bug restricted to groups but that it exists', async () => {
    const html = await page('id=2');
    expect(html).toContain('data-bug-id="2"');
    expect(html).not.toContain('Secret bug');
    expect(html).not.toContain('Only the secret group sees this.');
  });

  it('list every bug with its summary on the index, hiding restricted summaries', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<a href="show_bug.cgi?id=1">Bug 1</a> (myalias) Crash on &#60;script&#62;');
    expect(html).toContain('<a href="show_bug.cgi?id=2">Bug 2</a></li>');
  });
});
