import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUGZILLA_52_DIR } from '../../testing/bugzilla-5.2-fixture.js';
import { standardFixture } from '../../testing/fixtures.js';
import { type BzServer, startServer } from '../../testing/test-server.js';
import { negotiatesHtml, perlPrettyJson } from './html-answer.js';

/** The recorded exchanges of accept-html.md: request line, then status, content type and body as 5.2 sent them. */
function recordedPages(): Array<{ path: string; status: number; contentType: string; body: string }> {
  const text = readFileSync(`${BUGZILLA_52_DIR}accept-html.md`, 'utf8');
  return [...text.matchAll(/^## GET (\S+), Accept: text\/html.*\n+```\n([\s\S]*?)\n```/gm)].map(([, path, block]) => {
    const [head, ...rest] = (block as string).split('\n\n');
    const lines = (head as string).split('\n');
    const contentType = lines.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '') ?? '';
    return { path: path as string, status: Number(lines[0]?.split(' ')[1]), contentType, body: rest.join('\n\n') };
  });
}

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe("5.x's content negotiation", () => {
  it('picks text/html for a browser, JSON for fetch, curl and API clients', () => {
    expect(negotiatesHtml(BROWSER)).toBe(true);
    expect(negotiatesHtml('text/html')).toBe(true);
    expect(negotiatesHtml(undefined)).toBe(false);
    expect(negotiatesHtml('*/*')).toBe(false);
    expect(negotiatesHtml('application/json, text/html')).toBe(false);
    expect(negotiatesHtml('application/json;q=0.5, text/html')).toBe(true);
    expect(negotiatesHtml('text/html;q=0.1, application/json;q=0.2')).toBe(false);
  });

  it("pretty-prints as JSON::XS pretty canonical: three spaces, ' : ', sorted keys", () => {
    expect(perlPrettyJson({ b: [1, { z: null, a: 'x' }], a: {}, c: [] }, '')).toBe(
      '{\n   "a" : {},\n   "b" : [\n      1,\n      {\n         "a" : "x",\n         "z" : null\n      }\n   ],\n   "c" : []\n}',
    );
  });
});

describe('Accept: text/html against the recorded 5.2 answers', () => {
  let fivetwo: BzServer;
  let ours: BzServer;
  beforeAll(async () => {
    const fixture = standardFixture();
    const parameters: Record<string, string> = { ...fixture.instance?.parameters, urlbase: 'http://127.0.0.1:8052/' };
    const instance = { ...fixture.instance, version: '5.2', parameters };
    [fivetwo, ours] = await Promise.all([
      startServer({ fixture: { ...fixture, instance }, profile: 'bugzilla-5.2' }),
      startServer({ fixture: { ...fixture, instance } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fivetwo.stop(), ours.stop()]);
  });

  const pages = recordedPages();
  it('has both recorded cases', () => {
    expect(pages.map((page) => page.status)).toEqual([200, 400]);
    for (const page of pages) expect(page.body).toMatch(/^<!DOCTYPE html>[\s\S]*<pre>{\n {3}&quot;[\s\S]*<\/html>$/);
  });

  for (const page of pages) {
    it(`answers GET ${page.path} as 5.2 did under --profile bugzilla-5.2`, async () => {
      const response = await fetch(new URL(page.path.slice(1), fivetwo.url), { headers: { Accept: BROWSER } });
      expect(response.status).toBe(page.status);
      expect(response.headers.get('content-type')).toBe(page.contentType);
      expect(await response.text()).toBe(page.body);
    });

    it(`keeps JSON for GET ${page.path} under the default profile and for a fetch's */*`, async () => {
      const byDefault = await fetch(new URL(page.path.slice(1), ours.url), { headers: { Accept: BROWSER } });
      expect(byDefault.headers.get('content-type')).toMatch(/^application\/json/);
      const fetched = await fetch(new URL(page.path.slice(1), fivetwo.url));
      expect(fetched.headers.get('content-type')).toMatch(/^application\/json/);
      expect(fetched.status).toBe(page.status);
    });
  }
});
