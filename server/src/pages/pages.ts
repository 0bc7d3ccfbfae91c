import type { Middleware } from 'koa';
import { anonymousMayRead, canSeeBug } from '../bugzilla/access.js';
import { checkBug } from '../bugzilla/bug/check-bug.js';
import { BugzillaError, errors } from '../bugzilla/errors.js';
import type { Store } from '../bugzilla/store/store.js';
import { bugPageBody } from './bug-page-html.js';
import { escapeHtml } from './escape-html.js';

const INDEX_PATHS = new Set(['/', '/index.cgi', '/buglist.cgi']);

/**
 * Minimal human pages, so the extension's tests and demos have real bug pages to browse:
 * `show_bug.cgi?id=N|alias` and an index of the bugs. Pages have no login, so they show what the
 * API shows a caller who is not logged in, refused as the API refuses it. Not API: they answer
 * HTML, errors included.
 */
export function pages(store: Store): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const bugPage = ctx.path === '/show_bug.cgi';
    if (!bugPage && !INDEX_PATHS.has(ctx.path)) return next();
    ctx.type = 'text/html; charset=utf-8';
    try {
      if (!anonymousMayRead(store.instance.parameters)) throw errors.loginRequired();
      ctx.body = bugPage ? await showBug(store, ctx.query.id) : await index(store);
    } catch (error) {
      if (!(error instanceof BugzillaError)) throw error;
      ctx.status = error.status;
      ctx.body = page('Bugzilla error', `<h1>${escapeHtml(error.message)}</h1><p><a href="./">All bugs</a></p>`);
    }
  };
}

async function showBug(store: Store, id: unknown): Promise<string> {
  const bug = await checkBug(store, undefined, Array.isArray(id) ? id[0] : id);
  const body = await bugPageBody(bug, store);
  return page(`Bug ${bug.id} – ${bug.fields.summary}`, body);
}

async function index(store: Store): Promise<string> {
  const parameters = store.instance.parameters;
  const items: string[] = [];
  for (const bug of await store.allBugs()) {
    if (!canSeeBug(undefined, bug, parameters)) continue;
    const alias = bug.aliases.length ? ` (${escapeHtml(bug.aliases.join(', '))})` : '';
    items.push(
      `<li><a href="show_bug.cgi?id=${bug.id}">Bug ${bug.id}</a>${alias} ${escapeHtml(bug.fields.summary)}</li>`,
    );
  }
  return page(
    'bz-companion',
    `<h1>bz-companion</h1><p>A local Bugzilla-compatible tracker. REST API under <code>/rest/</code>.</p><ul>${items.join('\n')}</ul>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<style>body{font:15px/1.45 system-ui,sans-serif;max-width:52rem;margin:1.5rem auto;padding:0 1rem}
.comment{border-top:1px solid #8884;padding:.4rem 0}.comment pre{white-space:pre-wrap;font:inherit;margin:.3rem 0}
.fields{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}.fields dd{margin:0}
table{border-collapse:collapse}td,th{padding:.15rem .6rem;text-align:left;border-bottom:1px solid #8883}</style></head>
<body>${body}</body></html>
`;
}
