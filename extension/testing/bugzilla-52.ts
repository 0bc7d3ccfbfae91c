import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A tracker that answers as the real Bugzilla 5.2 did, from the recordings in
 * server/test-data/bugzilla-5.2/: a recorded request gets its recorded
 * answer; others get a recorded answer of the same kind with the bug or path
 * put in (the README and .md files there state the rules). It is a fetch, so
 * the extension's own client talks to it unchanged.
 */
const RECORDINGS = fileURLToPath(new URL('../../server/test-data/bugzilla-5.2/', import.meta.url));

interface RecordedCase {
  n: number;
  request: { method: string; path: string };
  response: { status: number; content_type: string; body: string };
}

const load = (file: string) => JSON.parse(readFileSync(`${RECORDINGS}${file}`, 'utf8')) as Record<string, unknown>;
const cases = (file: string) => load(file).cases as RecordedCase[];
const caseOf = (list: RecordedCase[], n: number) => list.find((c) => c.n === n) as RecordedCase;

const lastVisit = cases('bug-user-last-visit.json');
const bugGet = cases('bug-get.json');
const logins = cases('login-tokens.json');
const recorded = [...lastVisit, ...bugGet, ...logins];
const apiKeys = load('bug-user-last-visit.json').api_keys as Record<string, string>;
const aliases = new Map(
  (load('data-set.json').bugs as Array<{ id: number; aliases: string[] }>).flatMap((bug) =>
    bug.aliases.map((alias) => [alias, bug.id] as const),
  ),
);

/** The normal user's key of the recordings (user@example.com). */
export const ORACLE_USER_KEY = apiKeys['user@example.com'] as string;

/** #15: "A REST API resource was not found for 'POST /bug_user_last_visit/login-blank'." */
const noSuchRoute = (method: string, path: string) => {
  const recordedCase = caseOf(lastVisit, 15);
  return {
    status: 404,
    body: recordedCase.response.body.replace('POST /bug_user_last_visit/login-blank', `${method} ${path}`),
  };
};

function answer(method: string, url: URL): { status: number; body: string } {
  const pathAndQuery = url.pathname + url.search;
  const exact = recorded.find((c) => c.request.method === method && c.request.path === pathAndQuery);
  if (exact) return exact.response;
  const restPath = url.pathname.replace(/^\/rest/, '');
  const visit = /^\/bug_user_last_visit\/(\d+)$/.exec(restPath);
  if (method === 'POST' && visit) {
    // #2: `[{"id":10,"last_visit_ts":"…"}]`, for the bug posted (the data set's user is involved in it).
    return { status: 200, body: caseOf(lastVisit, 2).response.body.replace('"id":10', `"id":${Number(visit[1])}`) };
  }
  const bug = /^\/bug\/([^/]+)$/.exec(restPath);
  if (method === 'GET' && bug && url.searchParams.get('include_fields') === 'id') {
    const alias = decodeURIComponent(bug[1] as string);
    const id = /^\d+$/.test(alias) ? Number(alias) : aliases.get(alias);
    // #53: `{"bugs":[{"id":7}],"faults":[]}`; #50: unknown alias, 400, code 100.
    if (id === undefined)
      return { status: 400, body: caseOf(bugGet, 50).response.body.replaceAll('no-such-alias', alias) };
    return { status: 200, body: caseOf(bugGet, 53).response.body.replace('"id":7', `"id":${id}`) };
  }
  if (method === 'GET' && restPath === '/parameters') return caseOf(logins, 1).response;
  // No /rest/whoami, no POST /rest/bug_user_last_visit without an id, no alias in its path (README (a), #15).
  return noSuchRoute(method, restPath);
}

/** A Bugzilla 5.2 as a fetch, with a journal of what reached it and the empty 200 of PostgreSQL on demand. */
export class Bugzilla52 {
  readonly origin: string;
  /** `METHOD /rest/path` of every request, credentials left out. */
  readonly journal: string[] = [];
  /** Bugs whose visit was recorded (answered 200), in order. */
  readonly visited: number[] = [];
  /** The next this-many requests get 5.2-on-PostgreSQL's empty HTTP 200 ("could not serialize access"). */
  emptyAnswers = 0;
  /** Answer `GET /rest/bug/…` as a tracker without Bug.get would: no such route (32614). */
  withoutBugGet = false;

  constructor(origin = 'http://127.0.0.1:8052') {
    this.origin = origin;
  }

  get url(): string {
    return `${this.origin}/`;
  }

  fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const withoutKey = new URL(url);
    withoutKey.searchParams.delete('Bugzilla_api_key');
    this.journal.push(`${method} ${withoutKey.pathname}${withoutKey.search}`);
    if (this.emptyAnswers > 0) {
      this.emptyAnswers--;
      return new Response('', { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
    }
    const { status, body } =
      this.withoutBugGet && url.pathname.startsWith('/rest/bug/')
        ? noSuchRoute(method, url.pathname.replace(/^\/rest/, ''))
        : answer(method, url);
    const visited = /^\/rest\/bug_user_last_visit\/(\d+)$/.exec(url.pathname);
    if (method === 'POST' && status === 200 && visited) this.visited.push(Number(visited[1]));
    return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
  };
}
