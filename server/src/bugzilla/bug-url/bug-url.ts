import { BugzillaError } from '../errors.js';
import { perlTrue } from '../perl-truth.js';
import { type ParsedUri, parseUri, queryParam, uriText } from './uri.js';

/**
 * See Also's classes (Bugzilla::BugUrl's SUB_CLASSES, in the order 5.2 asks them): the first whose
 * should_handle takes the URL keeps it, in the form its _check_value makes of it.
 */
const BUG_URL_CLASSES = [
  'Bugzilla::BugUrl::Bugzilla::Local',
  'Bugzilla::BugUrl::Bugzilla',
  'Bugzilla::BugUrl::Launchpad',
  'Bugzilla::BugUrl::Google',
  'Bugzilla::BugUrl::Debian',
  'Bugzilla::BugUrl::JIRA',
  'Bugzilla::BugUrl::Trac',
  'Bugzilla::BugUrl::MantisBT',
  'Bugzilla::BugUrl::SourceForge',
  'Bugzilla::BugUrl::GitHub',
] as const;

export type BugUrlClass = (typeof BUG_URL_CLASSES)[number];

export const LOCAL_BUG_URL: BugUrlClass = 'Bugzilla::BugUrl::Bugzilla::Local';

/** A See Also value as 5.2 stores it: its class, its text, and for a local one the bug it names (an id or alias). */
export interface BugUrl {
  class: BugUrlClass;
  value: string;
  localBug?: string;
}

/** Bugzilla::Constants MAX_BUG_URL_LENGTH. */
const MAX_BUG_URL_LENGTH = 255;

const invalid = (url: string, reason?: 'http' | 'path_only' | 'id') =>
  new BugzillaError(
    112,
    `${url} is not a valid URL to a bug. ${
      reason === 'http'
        ? 'URLs must start with "http" or "https".'
        : reason === 'path_only'
          ? 'You must specify a full URL.'
          : reason === 'id'
            ? 'There is no valid bug id in that URL.'
            : 'See Also URLs should point to one of: show_bug.cgi in a Bugzilla installation. A bug on launchpad.net An issue on code.google.com. A bug on bugs.debian.org. An issue in a JIRA installation. A ticket in a Trac installation. A bug in a MantisBT installation. A bug on sourceforge.net. An issue/pull request on github.com.'
    }`,
  );

/** Local bugs' URL: 5.2's correct_urlbase() followed by show_bug.cgi. */
export function localBugUrl(urlbase: string, bugId: number | string): string {
  return `${urlbase}show_bug.cgi?id=${bugId}`;
}

const lower = (text: string | undefined) => (text ?? '').toLowerCase();

/** URI's canonical authority: the host in lower case, the scheme's default port left out. */
function canonicalAuthority(uri: ParsedUri): string {
  const authority = lower(uri.authority);
  const port = lower(uri.scheme) === 'https' ? ':443' : ':80';
  return authority.endsWith(port) ? authority.slice(0, -port.length) : authority;
}

const handles: Record<BugUrlClass, (uri: ParsedUri, text: string, urlbase: string) => boolean> = {
  'Bugzilla::BugUrl::Bugzilla::Local': (uri, text, urlbase) => {
    if (/^\w+$/.test(text)) return true;
    const local = parseUri(localBugUrl(urlbase, ''));
    return (
      canonicalAuthority(local) === canonicalAuthority(uri) &&
      local.path === uri.path &&
      handles['Bugzilla::BugUrl::Bugzilla'](uri, text, urlbase)
    );
  },
  'Bugzilla::BugUrl::Bugzilla': (uri) => /show_bug\.cgi$/.test(uri.path),
  'Bugzilla::BugUrl::Launchpad': (uri) => /launchpad\.net$/.test(uri.authority ?? '') && /bugs?\/\d+$/.test(uri.path),
  'Bugzilla::BugUrl::Google': (uri) =>
    lower(uri.authority) === 'code.google.com' &&
    /^\/p\/[^/]+\/issues\/detail$/.test(uri.path) &&
    /^\d+$/.test(queryParam(uri, 'id') ?? ''),
  'Bugzilla::BugUrl::Debian': (uri) =>
    lower(uri.authority) === 'bugs.debian.org' &&
    ((/bugreport\.cgi$/.test(uri.path) && /^\d+$/.test(queryParam(uri, 'bug') ?? '')) || /^\/\d+$/.test(uri.path)),
  'Bugzilla::BugUrl::JIRA': (uri) => /\/browse\/[A-Z][A-Z]+-\d+$/.test(uri.path),
  'Bugzilla::BugUrl::Trac': (uri) => /\/ticket\/\d+$/.test(uri.path),
  'Bugzilla::BugUrl::MantisBT': (uri) =>
    /view\.php\?id=\d+$/.test(uri.path + (uri.query === undefined ? '' : `?${uri.query}`)),
  'Bugzilla::BugUrl::SourceForge': (uri) => {
    return (
      lower(uri.authority) === 'sourceforge.net' &&
      /\/tracker\//.test(uri.path) &&
      queryParam(uri, 'func') === 'detail' &&
      perlTrue(queryParam(uri, 'aid')) &&
      perlTrue(queryParam(uri, 'group_id')) &&
      perlTrue(queryParam(uri, 'atid'))
    );
  },
  'Bugzilla::BugUrl::GitHub': (uri) =>
    lower(uri.authority) === 'github.com' && /^\/[^/]+\/[^/]+\/(?:issues|pull)\/\d+$/.test(uri.path),
};

/** Bugzilla::BugUrl::_check_value: an http(s) URL with a host and a path, the path not too long. */
function checkedUri(uri: ParsedUri): ParsedUri {
  const value = uriText(uri);
  let checked = uri;
  if (uri.scheme === undefined) checked = parseUri(`http://${value}`);
  else if (lower(uri.scheme) !== 'http' && lower(uri.scheme) !== 'https') throw invalid(value, 'http');
  if (!checked.authority || !checked.path.includes('/')) throw invalid(value, 'path_only');
  if (checked.path.length > MAX_BUG_URL_LENGTH) {
    throw new BugzillaError(
      112,
      `Bug URLs cannot be longer than ${MAX_BUG_URL_LENGTH} characters long. ${checked.path} is too long.`,
    );
  }
  return checked;
}

/** Bugzilla::BugUrl::Bugzilla::_check_value: `id` a number, the only parameter, no fragment. */
function bugzillaUri(uri: ParsedUri): ParsedUri {
  const checked = checkedUri(uri);
  const id = queryParam(checked, 'id') ?? '';
  if (!/^\d+$/.test(id) || Number(id) === 0) throw invalid(uriText(checked), 'id');
  return { ...checked, query: `id=${Number(id)}`, fragment: undefined };
}

const cleaned: Record<BugUrlClass, (uri: ParsedUri) => ParsedUri> = {
  'Bugzilla::BugUrl::Bugzilla::Local': bugzillaUri,
  'Bugzilla::BugUrl::Bugzilla': bugzillaUri,
  'Bugzilla::BugUrl::Launchpad': (uri) => {
    const checked = checkedUri(uri);
    return parseUri(`https://launchpad.net/bugs/${/bugs?\/(\d+)$/.exec(checked.path)?.[1]}`);
  },
  'Bugzilla::BugUrl::Google': (uri) => {
    const checked = checkedUri(uri);
    return lower(checked.scheme) === 'https' ? { ...checked, scheme: 'http' } : checked;
  },
  'Bugzilla::BugUrl::Debian': (uri) => {
    const checked = checkedUri(uri);
    const id = /^\/(\d+)$/.exec(checked.path)?.[1] ?? /^(\d+)$/.exec(queryParam(checked, 'bug') ?? '')?.[1];
    return parseUri(`http://bugs.debian.org/${id}`);
  },
  'Bugzilla::BugUrl::JIRA': (uri) => ({ ...checkedUri(uri), query: undefined, fragment: undefined }),
  'Bugzilla::BugUrl::Trac': (uri) => ({ ...checkedUri(uri), query: undefined, fragment: undefined }),
  'Bugzilla::BugUrl::MantisBT': (uri) => ({ ...checkedUri(uri), fragment: undefined }),
  'Bugzilla::BugUrl::SourceForge': (uri) => ({ ...checkedUri(uri), fragment: undefined }),
  'Bugzilla::BugUrl::GitHub': (uri) => ({ ...checkedUri(uri), scheme: 'https' }),
};

/**
 * 5.2's add_see_also up to the bug checks: the class that takes `input` (trimmed, not empty) and
 * the value it stores; for a local URL, or a word (a bug id or alias here), the bug it names, which
 * the caller checks (Bug->check) and which must not be the bug itself. 112 when no class takes it.
 * `urlbase` is this tracker's (ending in `/`).
 */
export function classifyBugUrl(input: string, urlbase: string): BugUrl {
  const uri = parseUri(input);
  const text = uriText(uri);
  const found = BUG_URL_CLASSES.find((name) => handles[name](uri, text, urlbase));
  if (!found) throw invalid(input);
  if (found === LOCAL_BUG_URL && /^\w+$/.test(text)) {
    return { class: found, value: localBugUrl(urlbase, text), localBug: text };
  }
  const value = uriText(cleaned[found](uri));
  if (found !== LOCAL_BUG_URL) return { class: found, value };
  return { class: found, value, localBug: queryParam(parseUri(value), 'id') ?? '' };
}
