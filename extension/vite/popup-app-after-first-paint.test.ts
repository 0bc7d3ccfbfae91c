import { describe, expect, it } from 'vitest';
import { appAfterFirstPaint } from './popup-app-after-first-paint.js';

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
    <script src="/popup-first-paint.js"></script>
  </body>
</html>`;

describe('the built popup page', () => {
  it('fetches only its stylesheet and first-paint script, which is handed the entry and its preloads', () => {
    expect(appAfterFirstPaint(built)).toBe(`<!doctype html>
<html lang="en">
  <head>
    <title>bz-companion</title>
    <link rel="stylesheet" crossorigin href="/assets/theme-D4.css">
  </head>
  <body class="popup">
    <div id="app"></div>
    <script src="/popup-first-paint.js" data-app="/assets/index.html-A1.js" data-preload="/assets/jsxRuntime-B2.js /assets/tracker-C3.js"></script>
  </body>
</html>`);
  });

  it('fails the build when the page has no module entry, two, or no first-paint script', () => {
    const entry = '<script type="module" crossorigin src="/assets/index.html-A1.js"></script>';
    expect(() => appAfterFirstPaint(built.replace(entry, ''))).toThrow(/one module entry/);
    expect(() => appAfterFirstPaint(built.replace(entry, entry + entry))).toThrow(/one module entry/);
    expect(() => appAfterFirstPaint(built.replace('<script src="/popup-first-paint.js"></script>', ''))).toThrow(
      /popup-first-paint/,
    );
  });
});
