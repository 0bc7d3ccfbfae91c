import type { Fixture } from '../store/fixture/fixture.js';
import { bugzilla52Fixture } from './bugzilla-5.2-fixture.js';

/** The API key of `nobody@example.com`, the extension's user without any group. */
export const BUGZILLA_52_NOBODY_KEY = 'OracleNobodyKey000000000000000000000000N';

type FixtureBug = NonNullable<Fixture['bugs']>[number];

/**
 * The data set the 2026-11-26 recordings start from (test-data/bugzilla-5.2/data-set-extension.md):
 * `data-set.json`'s, plus what the attachment and comment families read of the extension: the
 * parameters, the user without rights, attachments 1-3 (bytes as the recordings answer them)
 * with their comments (25-27) and approval flag, and bug 8's needinfo flag. The catalogue's
 * additions (keywords, versions, milestones, product Legacy, flag types) are not here yet.
 */
export function bugzilla52ExtendedFixture(): Fixture {
  const fixture = bugzilla52Fixture();
  const instance = fixture.instance as NonNullable<Fixture['instance']>;
  instance.parameters = { ...instance.parameters, usetargetmilestone: '1', useqacontact: '1' };
  (fixture.users ?? []).push({
    login: 'nobody@example.com',
    real_name: 'No Rights',
    groups: [],
    api_keys: [BUGZILLA_52_NOBODY_KEY],
  });
  addAttachmentComments(fixture);
  const bug = (id: number) => (fixture.bugs ?? []).find((entry) => entry.id === id) as FixtureBug;
  bug(7).last_change_time = '2026-11-26T17:37:26Z';
  bug(8).last_change_time = '2026-11-26T17:37:27Z';
  bug(8).flags = [
    ...(bug(8).flags ?? []),
    {
      id: 3,
      name: 'needinfo',
      type_id: 2,
      status: '?',
      setter: 'admin@example.com',
      requestee: 'user@example.com',
      creation_date: '2026-11-26T17:37:27Z',
      modification_date: '2026-11-26T17:37:27Z',
    },
  ];
  fixture.attachments = attachments();
  return fixture;
}

/** Attachments 1-3, with the bytes the recordings answer for them. */
function attachments(): NonNullable<Fixture['attachments']> {
  return [
    {
      id: 1,
      bug_id: 8,
      file_name: 'trim.patch',
      summary: 'Trim before splitting',
      content_type: 'text/plain',
      creator: 'dev@example.com',
      creation_time: '2026-11-26T17:37:24Z',
      is_patch: true,
      data: Buffer.from(
        "--- a/search.py\n+++ b/search.py\n@@ -1 +1 @@\n-q.split(',')\n+q.strip().split(',')\n",
      ).toString('base64'),
      flags: [
        {
          id: 2,
          name: 'approval',
          type_id: 4,
          status: '?',
          setter: 'dev@example.com',
          creation_date: '2026-11-26T17:37:24Z',
        },
      ],
    },
    {
      id: 2,
      bug_id: 8,
      file_name: 'server.log',
      summary: 'Server log excerpt (customer data)',
      content_type: 'text/plain',
      creator: 'dev@example.com',
      creation_time: '2026-11-26T17:37:25Z',
      is_private: true,
      data: Buffer.from('2026-10-02 09:31:07 ERROR SearchParser: index out of range (customer Acme)\n').toString(
        'base64',
      ),
    },
    {
      id: 3,
      bug_id: 7,
      file_name: 'page.html',
      summary: 'Saved page',
      content_type: 'text/html',
      creator: 'user@example.com',
      creation_time: '2026-11-26T17:37:26Z',
      data: Buffer.from('<html><body>blank</body></html>\n').toString('base64'),
    },
  ];
}

/** The comments attachments 1-3 came with (5.2's type 5, naming the attachment). */
function addAttachmentComments(fixture: Fixture): void {
  const bug = (id: number) => (fixture.bugs ?? []).find((entry) => entry.id === id) as FixtureBug;
  const comments = (id: number) => {
    const entry = bug(id);
    entry.comments ??= [];
    return entry.comments;
  };
  comments(8).push(
    {
      id: 25,
      author: 'dev@example.com',
      time: '2026-11-26T17:37:24Z',
      text: 'The fix, for review.',
      type: 5,
      extra_data: '1',
    },
    {
      id: 26,
      author: 'dev@example.com',
      time: '2026-11-26T17:37:25Z',
      text: '',
      is_private: true,
      type: 5,
      extra_data: '2',
    },
  );
  comments(7).push({
    id: 27,
    author: 'user@example.com',
    time: '2026-11-26T17:37:26Z',
    text: '',
    type: 5,
    extra_data: '3',
  });
}
