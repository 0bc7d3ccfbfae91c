import type { EndpointKey } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../fuzz/raw-request.js';
import { routeTable } from '../routes/api-router.js';
import { bugzilla52Fixture } from '../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, ManualClock, serveInProcess } from '../testing/in-process-server.js';
import {
  comparable,
  isServed,
  isUnorderedSearch,
  type RecordedCase,
  recordedCases,
  requestBody,
} from './recordings.js';

/*
 * Under the bugzilla-5.2 profile, every recorded case of the families about
 * logins, last visits, bugs, comments and history (and any other recorded
 * request to an endpoint we serve) gets 5.2's answer: status, code, message
 * and body, but for the cases listed in NOT_REPRODUCED. Cases run in the
 * recorded order on one server, since they build on each other (a token made
 * in #2 is used until #39 logs it out).
 */

/** The data set's test passwords (the recordings name them; the admin's is never used). */
const PASSWORDS: Record<string, string> = {
  'user@example.com': 'oracle-pw-user',
  'disabled@example.com': 'oracle-pw-disabled',
  'revoked@example.com': 'oracle-pw-revoked',
  'dev@example.com': 'oracle-pw-dev',
};

const ENDPOINTS = Object.keys(routeTable) as EndpointKey[];
const DAY = 24 * 60 * 60;

function fixtureWithPasswords() {
  const fixture = bugzilla52Fixture();
  return {
    ...fixture,
    users: (fixture.users ?? []).map((user) => {
      const password = PASSWORDS[user.login];
      return password ? { ...user, password } : user;
    }),
  };
}

/**
 * What the recording did between requests that a request cannot do: 5.2's
 * `lastused` set back 31 days by SQL before #45 and again before #46 (here the
 * clock moves on instead; no later case uses an older token).
 */
const BEFORE: Record<string, (clock: ManualClock) => void> = {
  'login-tokens#45': (clock) => clock.advanceSeconds(31 * DAY),
  'login-tokens#46': (clock) => clock.advanceSeconds(31 * DAY),
};

/** Cases whose recorded answer depends on a change bz-companion cannot make (it has no `PUT /rest/bug`). */
const DEPENDS_ON_UNSERVED: Record<string, string> = {
  'bug-user-last-visit#12': 'needs #11 (PUT /rest/bug/12 adding user to the CC list)',
};

/** Cases the profile does not reproduce yet, and why; each must still differ, so the list stays true. */
const NOT_REPRODUCED: Record<string, string> = {
  'bug-comment-post#27': "JSON::XS's parse error with a Perl file and line, not Node's message",
  'bug-get#6': 'aliases match in any letter case (as on MySQL); 5.2 on PostgreSQL is case-sensitive',
  'bug-get#14': "a search id that is not a number is code 100, not PostgreSQL's crash (100500)",
  'bug-get#54': "an id above 2^31-1 is code 101, not PostgreSQL's crash (100500)",
  'bug-get#81': "ETags are bz-companion's own, so 5.2's gives no 304",
};

/** Recorded token secrets -> the ones this server handed out for the same logins. */
class TokenMap {
  readonly #ours = new Map<string, string>();

  /** A request as the recording sent it, with our secrets in place of the recorded ones. */
  rewrite(text: string): string {
    let result = text;
    for (const [recorded, ours] of this.#ours) result = result.split(recorded).join(ours);
    return result;
  }

  /** Remembers the secret of a login answer and writes the recorded one back into ours. */
  learn(recordedBody: string, ourBody: string): string {
    const recorded = /"token":"\d+-([A-Za-z0-9]{10})"/.exec(recordedBody)?.[1];
    const ours = /"token":"\d+-([A-Za-z0-9]{10})"/.exec(ourBody)?.[1];
    if (!recorded || !ours) return ourBody;
    this.#ours.set(recorded, ours);
    return ourBody.split(ours).join(recorded);
  }
}

/**
 * Sends the request as recorded: through node:http, since fetch would add a
 * Content-Type to a body sent without one (5.2 reads such a body as a form),
 * with a body described by a note (65,535 characters) built from it.
 */
async function send(baseUrl: string, recorded: RecordedCase, tokens: TokenMap) {
  const { method, path, headers = {} } = recorded.request;
  const body = requestBody(recorded.request);
  const rewrittenHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, tokens.rewrite(v)]));
  const response = await sendRaw(baseUrl, {
    method,
    path: tokens.rewrite(path),
    headers: rewrittenHeaders,
    ...(body === undefined ? {} : { body: tokens.rewrite(body) }),
  });
  return { status: response.status, text: tokens.learn(recorded.response.body, response.body) };
}

const FAMILIES = [
  'login-tokens',
  'bug-user-last-visit',
  'bug-comment-post',
  'bug-get',
  'bug-comments',
  'bug-history',
] as const;

for (const family of FAMILIES) {
  describe(`bugzilla-5.2 answers the recorded ${family} cases as 5.2 did`, () => {
    const clock = new ManualClock(Date.parse('2026-11-22T17:48:52Z'));
    const tokens = new TokenMap();
    const applied = new Set<number>();
    let server: InProcessServer;
    beforeAll(async () => {
      server = await serveInProcess(fixtureWithPasswords(), { profile: 'bugzilla-5.2', clock });
    });
    afterAll(() => server.stop());

    const cases = recordedCases(family);
    for (const recorded of cases) {
      const id = `${family}#${recorded.n}`;
      const skip = !isServed(ENDPOINTS, recorded) || DEPENDS_ON_UNSERVED[id] !== undefined;
      const note = NOT_REPRODUCED[id] ? ` (not reproduced: ${NOT_REPRODUCED[id]})` : '';
      it.skipIf(skip)(`#${recorded.n} ${recorded.name}${note}`, async () => {
        // The steps before this case, including those of cases skipped here.
        for (const earlier of cases) {
          const hook = BEFORE[`${family}#${earlier.n}`];
          if (earlier.n <= recorded.n && hook && !applied.has(earlier.n)) {
            hook(clock);
            applied.add(earlier.n);
          }
        }
        const ours = await send(server.url, recorded, tokens);
        const options = { unordered: isUnorderedSearch(recorded.request.path) };
        const theirs = comparable(recorded.response.status, recorded.response.body, options);
        if (NOT_REPRODUCED[id]) expect(comparable(ours.status, ours.text, options)).not.toEqual(theirs);
        else expect(comparable(ours.status, ours.text, options)).toEqual(theirs);
      });
    }
  });
}
