import type { Middleware } from 'koa';
import type { Store } from '../store/store.js';

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
      const bug = /^\d+$/.test(ref) ? store.bugById(Number(ref)) : ref ? store.bugByAlias(ref) : undefined;
      ctx.type = 'text/html; charset=utf-8';
      if (!bug) {
        ctx.status = 404;
        ctx.body = page(
          'Bug not found',
          `<h1>Bug ${escapeHtml(ref || '?')} does not exist.</h1><p><a href="./">All bugs</a></p>`,
        );
        return;
      }
      const alias = bug.aliases.length ? ` <span class="alias">(${escapeHtml(bug.aliases.join(', '))})</span>` : '';
      ctx.body = page(
        `Bug ${bug.id}`,
        `<h1 id="bug-title" data-bug-id="${bug.id}">Bug ${bug.id}${alias}</h1>
<p>This is bz-companion's stand-in for a Bugzilla bug page.</p>
<p><a href="./">All bugs</a></p>`,
      );
      return;
    }
    if (ctx.path === '/' || ctx.path === '/index.cgi' || ctx.path === '/buglist.cgi') {
      const items = [...store.allBugs()]
        .map((bug) => {
          const alias = bug.aliases.length ? ` (${escapeHtml(bug.aliases.join(', '))})` : '';
          return `<li><a href="show_bug.cgi?id=${bug.id}">Bug ${bug.id}</a>${alias}</li>`;
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
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>${body}</body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
