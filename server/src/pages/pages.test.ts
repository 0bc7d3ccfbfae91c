import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugContentFixture } from '../../testing/bug-content-fixture.js';
import { type RunningServer, serveFixture } from '../../testing/cli-server.js';

/** Time tracking, which only the time-tracking group sees: never a logged-out visitor. */
const TIME_WORKED = {
  who: 'carol@example.com',
  when: '2026-03-04T12:30:00Z',
  changes: [
    { field_name: 'work_time', removed: '', added: '7.25' },
    { field_name: 'remaining_time', removed: '10.00', added: '2.75' },
  ],
};

let server: RunningServer;
let hidden: RunningServer;
let closed: RunningServer;
beforeAll(async () => {
  const fixture = bugContentFixture();
  const [first, second, ...rest] = fixture.bugs;
  const withAlias = { ...fixture, bugs: [first, { ...second, alias: 'hiddenalias' }, ...rest] };
  const requiringLogin = bugContentFixture({
    instance: { parameters: { maintainer: 'admin@example.com', requirelogin: '1' } },
  });
  [server, hidden, closed] = await Promise.all([
    serveFixture({
      ...fixture,
      custom_fields: [
        { name: 'cf_stage', description: 'Stage', type: 'single_select', values: ['design', 'testing'] },
        { name: 'cf_notes', description: 'Release <notes>', type: 'textarea' },
        { name: 'cf_regressed_by', description: 'Regressed by', type: 'bug_id' },
        { name: 'cf_old', description: 'Old', type: 'freetext', obsolete: true },
        {
          name: 'cf_phase',
          description: 'Phase',
          type: 'freetext',
          visibility_field: 'cf_stage',
          visibility_values: ['testing'],
        },
      ],
      bugs: [
        {
          ...first,
          cf_stage: 'design',
          cf_notes: 'one\r\n<two>',
          cf_regressed_by: 6,
          cf_old: 'gone',
          cf_phase: 'hidden here',
          summary: 'Crash on <script>alert(1)</script>',
          history: [...(first && 'history' in first ? (first.history ?? []) : []), TIME_WORKED],
        },
        second,
        ...rest,
      ],
    }),
    serveFixture(withAlias),
    serveFixture(requiringLogin),
  ]);
});
afterAll(() => Promise.all([server.stop(), hidden.stop(), closed.stop()]));

const page = async (query: string) => {
  const response = await fetch(`${server.url}/show_bug.cgi?${query}`);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return response.text();
};

describe('the demo bug pages', () => {
  it('show the custom fields shown on the bug, by their descriptions (escaped), in their order', async () => {
    const html = await page('id=myalias');
    expect(html).toContain('<dt data-field="cf_stage">Stage</dt><dd>design</dd>');
    expect(html).toContain(
      '<dt data-field="cf_notes">Release &#60;notes&#62;</dt><dd><pre>one\r\n&#60;two&#62;</pre></dd>',
    );
    expect(html).toMatch(
      /<dt data-field="cf_regressed_by">Regressed by<\/dt><dd><a href="show_bug.cgi\?id=6">Bug 6<\/a><\/dd>/,
    );
    expect(html.indexOf('data-field="cf_stage"')).toBeLessThan(html.indexOf('data-field="cf_regressed_by"'));
    // Obsolete, and not shown while cf_stage is not testing.
    expect(html).not.toContain('cf_old');
    expect(html).not.toContain('cf_phase');
  });

  it('show the summary (escaped), the fields, and the history', async () => {
    const html = await page('id=myalias');
    expect(html).toContain('<h2 id="summary">Crash on &#60;script&#62;alert(1)&#60;/script&#62;</h2>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<dd>IN_PROGRESS</dd>');
    expect(html).toContain('<td>priority</td><td>Normal</td><td>High</td>');
    expect(html).not.toContain('work_time');
    expect(html).not.toContain('remaining_time');
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

  it('answer a bug restricted to groups as the API answers a logged-out caller', async () => {
    const response = await fetch(`${server.url}/show_bug.cgi?id=2`);
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('You are not authorized to access bug #2.');
    expect(html).not.toContain('Secret bug');
    expect(html).not.toContain('Only the secret group sees this.');
  });

  it("never tell a restricted bug's number from its alias", async () => {
    const response = await fetch(`${hidden.url}/show_bug.cgi?id=hiddenalias`);
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('#hiddenalias');
    expect(html).not.toMatch(/Bug 2\b|data-bug-id="2"/);
  });

  it('list only the bugs a logged-out visitor may see on the index, with their aliases and summaries', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<a href="show_bug.cgi?id=1">Bug 1</a> (myalias) Crash on &#60;script&#62;');
    expect(html).not.toContain('show_bug.cgi?id=2');
    expect(await (await fetch(`${hidden.url}/`)).text()).not.toContain('hiddenalias');
  });
});

describe('the pages of a tracker that requires login', () => {
  it('show no bug, as the API answers none without a login', async () => {
    for (const path of ['/show_bug.cgi?id=1', '/show_bug.cgi?id=myalias', '/', '/buglist.cgi']) {
      const response = await fetch(`${closed.url}${path}`);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html, path).toContain('You must log in before using this part of Bugzilla.');
      expect(html, path).not.toMatch(/emoji|myalias|show_bug\.cgi\?id=|Same here|bob@example\.com/);
    }
    expect((await fetch(`${closed.url}/rest/bug/1`)).status).toBe(401);
  });
});
