import { parseMethodResponse } from '../../webservice/rpc/xml-rpc-codec.js';
import type { Recording } from './recording.js';

type Json = Record<string, unknown>;

/** What one recorded answer says, whichever protocol carried it: the method and its result. */
interface Answer {
  method: string;
  result: Json;
  request: Recording['request'];
}

/** The bug fields a fixture takes that a recorded bug carries under the same name. */
const BUG_FIELDS = [
  'summary',
  'status',
  'resolution',
  'product',
  'component',
  'priority',
  'severity',
  'version',
  'op_sys',
  'platform',
  'classification',
  'target_milestone',
  'url',
  'whiteboard',
  'keywords',
  'see_also',
  'blocks',
  'depends_on',
  'is_confirmed',
  'creation_time',
  'last_change_time',
  'cc',
];

/**
 * A fixture made of what a recorded session saw: the bugs (Bug.get, Bug.search), their
 * comments and history, the users named in them, and the session user's visits (who that is,
 * whoami, login or valid_login said). Bugzilla
 * fields are kept as answered; credentials were never recorded, so users have no API key
 * (give one with `bz-companion user key LOGIN`).
 */
export function fixtureFromRecordings(recordings: readonly Recording[]): Json {
  const session = new SeenSession();
  for (const answer of recordings.flatMap(answerOf)) session.take(answer);
  return session.fixture();
}

/** What the answers of one recorded session have shown so far. */
class SeenSession {
  readonly #bugs = new Map<number, Json>();
  readonly #comments = new Map<number, Map<number, Json>>();
  readonly #history = new Map<number, Json[]>();
  readonly #users = new Map<string, { login: string; real_name?: string }>();
  readonly #visits = new Map<number, string>();
  #sessionUser: string | undefined;

  readonly #seeUser = (login: unknown, realName?: unknown) => {
    if (typeof login !== 'string' || login === '') return;
    const known = this.#users.get(login) ?? { login };
    if (typeof realName === 'string' && realName !== '') known.real_name = realName;
    this.#users.set(login, known);
  };

  take(answer: Answer): void {
    const { method, result } = answer;
    if (method === 'Bug.get' || method === 'Bug.search') {
      for (const bug of (result.bugs as Json[] | undefined) ?? []) addBug(this.#bugs, bug, this.#seeUser);
    } else if (method === 'Bug.comments') {
      this.#takeComments(result);
    } else if (method === 'Bug.history') {
      this.#takeHistory(result);
    } else if (method === 'User.whoami') {
      this.#sessionUser = result.name as string;
      this.#seeUser(result.name, result.real_name);
    } else if (method === 'User.valid_login' && result.result === true && answer.request.query.login?.[0]) {
      this.#sessionUser = answer.request.query.login[0];
      this.#seeUser(this.#sessionUser);
    } else if (method === 'User.login' && typeof answer.request.query.login?.[0] === 'string') {
      this.#sessionUser = answer.request.query.login[0];
      this.#seeUser(this.#sessionUser);
    } else if (method === 'BugUserLastVisit.get' || method === 'BugUserLastVisit.update') {
      for (const visit of Array.isArray(result) ? (result as Json[]) : []) {
        if (typeof visit.last_visit_ts === 'string') this.#visits.set(visit.id as number, visit.last_visit_ts);
      }
    }
  }

  #takeComments(result: Json): void {
    for (const [id, entry] of Object.entries((result.bugs as Record<string, Json> | undefined) ?? {})) {
      const own = this.#comments.get(Number(id)) ?? new Map<number, Json>();
      for (const comment of (entry.comments as Json[] | undefined) ?? []) {
        this.#seeUser(comment.creator ?? comment.author);
        own.set(comment.id as number, {
          id: comment.id,
          author: comment.creator ?? comment.author,
          time: asBugzillaTime(comment.creation_time ?? comment.time),
          text: comment.text ?? '',
          is_private: Boolean(comment.is_private),
        });
      }
      this.#comments.set(Number(id), own);
    }
  }

  #takeHistory(result: Json): void {
    for (const bug of (result.bugs as Json[] | undefined) ?? []) {
      const changes = ((bug.history as Json[] | undefined) ?? []).map((change) => {
        this.#seeUser(change.who);
        return { who: change.who, when: asBugzillaTime(change.when), changes: change.changes };
      });
      this.#history.set(bug.id as number, changes);
    }
  }

  fixture(): Json {
    const fixture: Json = {
      users: [...this.#users.values()],
      bugs: [...this.#bugs.values()].map((bug) => {
        const id = bug.id as number;
        const own = [...(this.#comments.get(id)?.values() ?? [])].sort((a, b) => (a.id as number) - (b.id as number));
        return {
          ...bug,
          ...(own.length > 0 ? { comments: own } : {}),
          ...(this.#history.has(id) ? { history: this.#history.get(id) } : {}),
        };
      }),
    };
    // Visits need a user; a session that never said who it was (whoami, login) leaves them out.
    const user = this.#sessionUser;
    if (user !== undefined) {
      fixture.last_visits = [...this.#visits]
        .filter(([id]) => this.#bugs.has(id))
        .sort(([, a], [, b]) => a.localeCompare(b))
        .map(([bug_id, last_visit_ts]) => ({ user, bug_id, last_visit_ts }));
    }
    return fixture;
  }
}

function addBug(bugs: Map<number, Json>, bug: Json, seeUser: (login: unknown, realName?: unknown) => void): void {
  if (typeof bug.id !== 'number') return;
  const kept: Json = { ...(bugs.get(bug.id) ?? {}), id: bug.id };
  for (const field of BUG_FIELDS)
    if (bug[field] !== undefined && bug[field] !== null) kept[field] = asBugzillaTime(bug[field]);
  const alias = bug.alias;
  if (typeof alias === 'string' || (Array.isArray(alias) && alias.length > 0)) kept.alias = alias;
  for (const [role, field] of [
    ['reporter', 'creator'],
    ['assigned_to', 'assigned_to'],
    ['qa_contact', 'qa_contact'],
  ] as const) {
    const login = bug[field];
    if (typeof login !== 'string' || login === '') continue;
    seeUser(login, (bug[`${field}_detail`] as Json | undefined)?.real_name);
    kept[role] = login;
  }
  for (const login of (bug.cc as unknown[] | undefined) ?? []) seeUser(login);
  if (bug.is_cc_accessible === false) kept.cclist_accessible = false;
  if (bug.is_creator_accessible === false) kept.reporter_accessible = false;
  bugs.set(bug.id, kept);
}

/** REST answers name their method by path; RPC ones by the call. Errors and pages say nothing of the data. */
function answerOf(recording: Recording): Answer[] {
  const { request, response } = recording;
  if (response.status >= 300) return [];
  if (recording.protocol === 'xmlrpc') {
    const call = request.body as { methodName?: string } | null;
    if (!call?.methodName || response.body_text === undefined) return [];
    try {
      const parsed = parseMethodResponse(response.body_text);
      return 'result' in parsed ? [{ method: call.methodName, result: parsed.result as Json, request }] : [];
    } catch {
      return [];
    }
  }
  if (recording.protocol === 'jsonrpc') {
    const call = request.body as { method?: string } | null;
    const result = (response.body as { result?: unknown } | undefined)?.result;
    const method = call?.method ?? request.query.method?.[0];
    return method && result && typeof result === 'object' ? [{ method, result: result as Json, request }] : [];
  }
  if (recording.protocol !== 'rest' || request.method === 'OPTIONS') return [];
  const method = restMethod(request.method, request.path.replace(/^\/rest\.cgi\//, '/rest/'));
  const body = response.body as Json | undefined;
  if (!method || !body || typeof body !== 'object' || body.error === true) return [];
  return [{ method, result: body, request }];
}

/** The RPC method a REST path runs (only those whose answers feed a fixture). */
function restMethod(httpMethod: string, path: string): string | undefined {
  if (/^\/rest\/bug\/[^/]+\/comment$/.test(path) && httpMethod === 'GET') return 'Bug.comments';
  if (/^\/rest\/bug\/[^/]+\/history$/.test(path)) return 'Bug.history';
  if (path === '/rest/bug' && httpMethod === 'GET') return 'Bug.search';
  if (/^\/rest\/bug\/[^/]*$/.test(path) && httpMethod === 'GET') return 'Bug.get';
  if (path === '/rest/whoami') return 'User.whoami';
  if (path === '/rest/login') return 'User.login';
  if (path === '/rest/valid_login') return 'User.valid_login';
  if (path.startsWith('/rest/bug_user_last_visit')) {
    return httpMethod === 'POST' ? 'BugUserLastVisit.update' : 'BugUserLastVisit.get';
  }
  return undefined;
}

/** XML-RPC's dateTime (`20260101T09:00:00`, as read back) in the form REST and fixtures use; anything else as it is. */
function asBugzillaTime(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2}:\d{2}:\d{2})$/.exec(value);
  return time ? `${time[1]}-${time[2]}-${time[3]}T${time[4]}Z` : value;
}
