import type { Middleware } from 'koa';
import type { Store } from '../store/store.js';
import { bugPageBody, escapeHtml } from './bug-page.js';

/**
 * Minimal human pages, so the extension's tests and demos have real bug pages
 * to browse: `show_bug.cgi?id=N|alias` and an index listing every bug. Not
 * API: they answer HTML, including their 404.
 */
export function pages(store: Store): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/show_bug.cgi') {
      const ref = (ctx.query.id === undefined ? '' : String(ctx.query.id)).trim();
      const bug = /^\d+$/.test(ref) ? await store.bugById(Number(ref)) : ref ? await store.bugByAlias(ref) : undefined;
      ctx.type = 'text/html; charset=utf-8';
      if (!bug) {
        ctx.status = 404;
        ctx.body = page(
          'Bug not found',
          `<h1>Bug ${escapeHtml(ref || '?')} does not exist.</h1><p><a href="./">All bugs</a></p>`,
        );
        return;
      }
      ctx.body = page(
        `Bug ${bug.id}${bug.groups.length ? '' : ` – ${bug.fields.summary}`}`,
        await bugPageBody(bug, store),
      );
      return;
    }
    if (ctx.path === '/' || ctx.path === '/index.cgi' || ctx.path === '/buglist.cgi') {
      const items = [...(await store.allBugs())]
        .map((bug) => {
          const alias = bug.aliases.length ? ` (${escapeHtml(bug.aliases.join(', '))})` : '';
          const summary = bug.groups.length ? '' : ` ${escapeHtml(bug.fields.summary)}`;
          return `<li><a href="show_bug.cgi?id=${bug.id}">Bug ${bug.id}</a>${alias}${summary}</li>`;
        })
        .join('\n');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page(
        'bz-companion',
        `<h1>bz-companion</h1><p>A local Bugzilla-compatible tracker. REST API under <code>/rest/</code>.</p><ul>${items}</ul>`,
      );
      return;
    }
    return next();
  };
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
