/**
 * Bugzilla 5.2's quoteUrls (Bugzilla/Template.pm), which renders a comment's text as HTML:
 * links to full bug URLs and safe-protocol URLs, the text HTML-escaped (`@` as `&#64;`), quoted
 * lines marked, mailto addresses, then `attachment N`, `bug N` / `bug N, comment M` / `comment M`,
 * `bugs 1, 2` and `comments 1, 2`, and the old duplicate marker linked. Pieces already linked are
 * set aside behind a placeholder so later patterns do not match inside them, as 5.2 does.
 */

/** What a bug link shows: its status, resolution and (to those who may see it) summary. */
export interface LinkedBug {
  status: string;
  resolution: string;
  isOpen: boolean;
  /** Undefined for a bug the reader may not see: the title then has the status only. */
  summary: string | undefined;
}

/** What an attachment link shows: its summary to those who may see it, '' to the others. */
export interface LinkedAttachment {
  title: string;
  isObsolete: boolean;
}

export interface QuoteUrlsContext {
  /** The bug the text belongs to (`comment N` links into it), if any. */
  currentBugId: number | undefined;
  /** `urlbase` (and `sslbase`): full `show_bug.cgi?id=` links under them get a bug link's title. */
  bases: readonly string[];
  bug(id: number): LinkedBug | undefined;
  attachment(id: number): LinkedAttachment | undefined;
}

const SAFE_PROTOCOLS = [
  'afs',
  'cid',
  'ftp',
  'gopher',
  'http',
  'https',
  'irc',
  'ircs',
  'mid',
  'news',
  'nntp',
  'prospero',
  'telnet',
  'view-source',
  'wais',
];
const SAFE_URL = `(?:${SAFE_PROTOCOLS.join('|')}):[^:\\s<>"][^\\s<>"]+[\\p{L}\\p{N}_/]`;
/** Perl's `\h` (the comment is never "already wrapped" here). */
const H = '[\\t \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000]';
/** Perl's `\b` for `\w` = Unicode word characters. */
const WORD = '[\\p{L}\\p{N}\\p{M}\\p{Pc}]';
const B_ANY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;

/** Bugzilla::Util::html_quote with `utf8` on. */
function htmlQuote(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/@/g, '&#64;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what html_quote removes.
      .replace(/(?![\t\r\n])[\x00-\x1f\x7f-\x9f]/g, '')
      .replace(/[\u202a-\u202e]/g, '')
  );
}

/** Bugzilla::Util::clean_text. */
function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what clean_text replaces.
  return text.replace(/[\x00-\x1F\x7F]+/g, ' ').trim();
}

/** bug/link.html.tmpl, whitespace as 5.2's template leaves it. */
function bugLink(id: number, linkText: string, comment: string | undefined, context: QuoteUrlsContext): string {
  const bug = context.bug(id);
  if (!bug) return linkText;
  let title = bug.status + (bug.resolution === '' ? '' : ` ${bug.resolution}`);
  if (bug.summary !== undefined) title += ` - ${bug.summary}`;
  title = title.replace(/\s+/g, ' ').trim();
  const anchor = comment === undefined ? '' : `#c${comment}`;
  return (
    `<a class="bz_bug_link \n          bz_status_${cssClass(bug.status)} ${bug.isOpen ? '' : ' bz_closed'}"\n` +
    `   title="${htmlQuote(title)}"\n   href="show_bug.cgi?id=${id}${htmlQuote(anchor)}">${htmlQuote(linkText)}</a>`
  );
}

/** Bugzilla::Util::css_class_quote. */
function cssClass(text: string): string {
  return text.replace(/[^\p{L}\p{N}_-]/gu, '_');
}

/** get_attachment_link. */
function attachmentLink(id: number, linkText: string, context: QuoteUrlsContext): string {
  const attachment = context.attachment(id);
  if (!attachment) return linkText;
  const title = htmlQuote(cleanText(attachment.title));
  const text = linkText.replace(/ \[details\]$/, '');
  const href = `attachment.cgi?id=${id}`;
  return (
    `<span class="${attachment.isObsolete ? 'bz_obsolete' : ''}">` +
    `<a href="${href}" name="attach_${id}" title="${title}">${text}</a>` +
    ` <a href="${href}&amp;action=edit" title="${title}">[details]</a></span>`
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 5.2's quoteUrls of `text`, for the reader the context's lookups answer for. */
export function quoteUrls(text: string, context: QuoteUrlsContext): string {
  if (text === '') return text;
  const things: string[] = [];
  const setAside = (html: string) => `\uFDD2${things.push(html) - 1}\uFDD3`;
  let out = text;
  const bases = context.bases.filter((base) => base !== '');
  if (bases.length > 0) {
    const full = new RegExp(
      `${B_ANY}((${bases.map(escapeRegExp).join('|')})show_bug\\.cgi\\?id=([0-9]+)(#c([0-9]+))?)${B_ANY}`,
      'gu',
    );
    out = out.replace(full, (match, link: string, _base, id: string, _c, comment?: string) =>
      setAside(bugLink(Number(id), link, comment, context) || match),
    );
  }
  out = out.replace(new RegExp(`${B_ANY}(${SAFE_URL})`, 'giu'), (_, url: string) => {
    const quoted = htmlQuote(url);
    return setAside(`<a href="${quoted}">${quoted}</a>`);
  });
  out = htmlQuote(out);
  out = out.replace(/^(&gt;.+)$/gm, '<span class="quote">$1</span >').replace(/<\/span >\n<span class="quote">/g, '\n');
  out = out.replace(
    new RegExp(
      `${B_ANY}(mailto:|)?([\\p{L}\\p{N}\\p{M}\\p{Pc}.\\-+=]+&#64;[\\p{L}\\p{N}\\p{M}\\p{Pc}\\-]+(?:\\.[\\p{L}\\p{N}\\p{M}\\p{Pc}\\-]+)+)${B_ANY}`,
      'giu',
    ),
    (_, prefix: string | undefined, address: string) => `<a href="mailto:${address}">${prefix ?? ''}${address}</a>`,
  );
  out = out.replace(
    new RegExp(`${B_ANY}(attachment${H}*#?${H}*([0-9]+)(?:${H}+\\[details\\])?)`, 'giu'),
    (_, link: string, id: string) => setAside(attachmentLink(Number(id), link, context)),
  );
  const current = context.currentBugId === undefined ? '' : `show_bug.cgi?id=${context.currentBugId}`;
  const bugRe = `bug${H}*#?${H}*([0-9]+)`;
  const commentRe = (group: string) => `(?:comment|comment)${H}*#?${H}*(${group})`;
  out = out.replace(
    new RegExp(`${B_ANY}(${bugRe}(?:${H}*,?${H}*${commentRe('[0-9]+')})?|${commentRe('[0-9]+')})`, 'giu'),
    (_, link: string, bug?: string, bugComment?: string, comment?: string) =>
      bug !== undefined
        ? bugLink(Number(bug), link, bugComment, context)
        : `<a href="${current}#c${comment}">${link}</a>`,
  );
  out = out.replace(new RegExp(`bugs${H}*#?${H}*[0-9]+(?:${H}*,${H}*#?${H}*[0-9]+)+`, 'giu'), (list) =>
    list.replace(new RegExp(`((?:#${H}*)?([0-9]+))`, 'gu'), (_, link: string, id: string) =>
      bugLink(Number(id), link, undefined, context),
    ),
  );
  out = out.replace(new RegExp(`comments${H}*#?${H}*[0-9]+(?:${H}*,${H}*#?${H}*[0-9]+)+`, 'giu'), (list) =>
    list.replace(new RegExp(`((?:#${H}*)?([0-9]+))`, 'gu'), (_, link: string, id: string) => {
      return `<a href="${current}#c${id}">${link}</a>`;
    }),
  );
  out = out.replace(/(?<=^\*\*\* This bug has been marked as a duplicate of )([0-9]+)(?= \*\*\*$(?![\s\S]))/gm, (id) =>
    bugLink(Number(id), id, undefined, context),
  );
  for (let i = things.length - 1; i >= 0; i--) out = out.split(`\uFDD2${i}\uFDD3`).join(things[i] as string);
  return out;
}

/** The bugs and attachments `text` may link to: what a reader must look up before quoteUrls runs. */
export function linkedIds(text: string, currentBugId: number | undefined, bases: readonly string[]) {
  const bugs = new Set<number>();
  const attachments = new Set<number>();
  quoteUrls(text, {
    currentBugId,
    bases,
    bug: (id) => {
      bugs.add(id);
      return undefined;
    },
    attachment: (id) => {
      attachments.add(id);
      return undefined;
    },
  });
  return { bugs, attachments };
}
