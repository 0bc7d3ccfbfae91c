import type { EndpointKey } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52CatalogueFixture } from '../../testing/bugzilla-5.2-catalogue-fixture.js';
import { type RunningServer, serveFixture } from '../../testing/cli-server.js';
import { sendRecorded, TokenMap } from '../../testing/recorded-replay.js';
import { comparable, isServed, type RecordedCase, recordedCases } from '../../testing/recordings.js';
import { routeTable } from '../api-router.js';

/*
 * The recorded Product, Component, Classification, field, User, Group and FlagType cases,
 * replayed in order on the file store (or PostgreSQL, under .ci/with-postgres) loaded with the
 * extended data set they were recorded on, under the bugzilla-5.2 profile: 5.2's status, code,
 * message and body, but for the cases listed with the reason.
 */

const ENDPOINTS = Object.keys(routeTable) as EndpointKey[];

/** Which cases of bug-misc are about fields and legal values (the rest is another part's). */
const FAMILIES: Record<string, (recorded: RecordedCase) => boolean> = {
  product: () => true,
  user: () => true,
  group: () => true,
  'flag-type': () => true,
  'bug-misc': (recorded) => recorded.n >= 55,
};

/** Cases not reproduced, and why; each must still differ, so the list stays true. */
const NOT_REPRODUCED: Record<string, string> = {};

/** Cases whose answer needs a change the recording made between requests (a parameter set by SQL). */
const SKIPPED: Record<string, string> = {};

/** Product.get with `type` (and the lists) answers in Perl's hash order: compared by id. */
function sortedProducts(body: unknown): unknown {
  const answer = body as { body?: { products?: Array<{ id?: number; name?: string }> } };
  answer.body?.products?.sort((a, b) => (a.id ?? 0) - (b.id ?? 0) || String(a.name).localeCompare(String(b.name)));
  return body;
}

for (const [family, wanted] of Object.entries(FAMILIES)) {
  describe(`bugzilla-5.2 answers the recorded ${family} cases as 5.2 did`, () => {
    const tokens = new TokenMap();
    let server: RunningServer;
    beforeAll(async () => {
      server = await serveFixture(bugzilla52CatalogueFixture(), ['--profile', 'bugzilla-5.2']);
    });
    afterAll(() => server.stop());

    for (const recorded of recordedCases(family).filter(wanted)) {
      const id = `${family}#${recorded.n}`;
      const skip = !isServed(ENDPOINTS, recorded) || SKIPPED[id] !== undefined;
      const note = NOT_REPRODUCED[id] ? ` (not reproduced: ${NOT_REPRODUCED[id]})` : '';
      it.skipIf(skip)(`#${recorded.n} ${recorded.name}${note}`, async () => {
        const ours = await sendRecorded(server.url, recorded, tokens);
        const options = { ignoreDocumentation: true };
        const theirs = sortedProducts(comparable(recorded.response.status, recorded.response.body, options));
        const mine = sortedProducts(comparable(ours.status, ours.text, options));
        if (NOT_REPRODUCED[id]) expect(mine).not.toEqual(theirs);
        else expect(mine).toEqual(theirs);
      });
    }
  });
}
