import type { Fixture } from '../src/import/fixture/fixture.js';

/*
 * The attachments of the 2026-11-26 recordings' extended data set (data-set-extension.md), for
 * bugzilla52ExtendedSnapshot: 1 trim.patch and 2 server.log (private) on bug 8, 3 page.html on
 * bug 7, with the bytes the recordings answer for them and attachment 1's approval flag.
 */

/** Attachments 1-3, with the bytes the recordings answer for them. */
export function extendedAttachments(): NonNullable<Fixture['attachments']> {
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
