import { describe, expect, it } from 'vitest';
import { pageAfterFirstPaint } from './kept-first-paint-plugin.js';

const sheets: Record<string, string> = { '/assets/theme-D4.css': 'body{margin:0}' };
const afterFirstPaint = (html: string) =>
  pageAfterFirstPaint(
    'src/popup/index.html',
    html,
    (href) => {
      const css = sheets[href];
      if (css === undefined) throw new Error(`no ${href}`);
      return css;
    },
    { key: 'bz-companion:popup-paint' },
  );

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>bz-companion</title>
    <script type="module" crossorigin src="/assets/index.html-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsxRuntime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/tracker-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/theme-D4.css">
  </head>
  <body class="popup">
    <div id="app"></div>
    <!-- kept-first-paint -->
  </body>
</html>`;

describe('the built popup page', () => {
  it('fetches only its first-paint script, which is handed the entry and its preloads; the stylesheet is in the page', () => {
    expect(afterFirstPaint(built)).toBe(`<!doctype html>
<html lang="en">
  <head>
    <title>bz-companion</title>
    <style>body{margin:0}</style>
  </head>
  <body class="popup">
    <div id="app"></div>
    <script src="/kept-first-paint.js" data-key="bz-companion:popup-paint" data-app="/assets/index.html-A1.js" data-preload="/assets/jsxRuntime-B2.js /assets/tracker-C3.js"></script>
  </body>
</html>`);
  });

  it('hands the first-paint script the module to run before the paint, where the page has one', () => {
    const page = pageAfterFirstPaint('src/inbox/index.html', built, () => 'body{margin:0}', {
      key: 'bz-companion:inbox-paint',
      now: '/assets/early-read-E5.js',
    });
    expect(page).toContain(
      '<script src="/kept-first-paint.js" data-key="bz-companion:inbox-paint" data-now="/assets/early-read-E5.js" data-app="/assets/index.html-A1.js"',
    );
  });

  it('fails the build on a stylesheet that cannot be inlined', () => {
    sheets['/assets/theme-D4.css'] = 'a::after{content:"</style>"}';
    try {
      expect(() => afterFirstPaint(built)).toThrow(/cannot be put in a <style> element/);
    } finally {
      sheets['/assets/theme-D4.css'] = 'body{margin:0}';
    }
  });

  it('fails the build when the page has no module entry, two, or no first-paint script', () => {
    const entry = '<script type="module" crossorigin src="/assets/index.html-A1.js"></script>';
    expect(() => afterFirstPaint(built.replace(entry, ''))).toThrow(/one module entry/);
    expect(() => afterFirstPaint(built.replace(entry, entry + entry))).toThrow(/one module entry/);
    expect(() => afterFirstPaint(built.replace('<!-- kept-first-paint -->', ''))).toThrow(/kept-first-paint/);
  });
});
