import { changedAt } from '../../../testing/recorded-change-time.js';
import { replayFamily } from '../../../testing/replay-family.js';
import { searchDataSetSnapshot } from '../../../testing/search-data-set-fixture.js';

const DEV_KEY = 'OracleDevKey000000000000000000000000000V';
const BIG = 'a'.repeat(1_100_000);
const member = (name: string, value: string) => `<member><name>${name}</name><value>${value}</value></member>`;

/** #46 and #47 as their notes describe them: Bug.add_attachment of 1,100,000 "a"s as an XML-RPC <string> or <base64>. */
function bigXmlRpcAttachment(type: 'string' | 'base64'): string {
  const data = type === 'string' ? BIG : Buffer.from(BIG).toString('base64');
  const members = [
    member('ids', '<array><data><value><int>43</int></value></data></array>'),
    member('data', `<${type}>${data}</${type}>`),
    member('file_name', '<string>big.txt</string>'),
    member('summary', '<string>Too big</string>'),
    member('content_type', '<string>text/plain</string>'),
    member('Bugzilla_api_key', `<string>${DEV_KEY}</string>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?><methodCall><methodName>Bug.add_attachment</methodName><params><param><value><struct>${members.join('')}</struct></value></param></params></methodCall>`;
}

/** #49 as its note describes it: the same 1,100,000 bytes base64 over REST. */
function bigRestAttachment(): string {
  const data = Buffer.from(BIG).toString('base64');
  return JSON.stringify({ ids: [43], data, file_name: 'big.txt', summary: 'Too big', content_type: 'text/plain' });
}

/*
 * 5.2's answers to each cause of Bugzilla's QA WebService suite and to issue 35's differences
 * (test-data/bugzilla-5.2/qa-causes.json, on the search data set, none of the suite's data),
 * replayed in order on the file store and on PostgreSQL.
 */
replayFamily({
  family: 'qa-causes',
  snapshot: searchDataSetSnapshot,
  startedAt: '2026-12-01T21:27:41Z',
  recordedClock: true,
  timeOf: changedAt,
  replayed: () => true,
  bodies: { 46: () => bigXmlRpcAttachment('string'), 47: () => bigXmlRpcAttachment('base64'), 49: bigRestAttachment },
  differences: {
    152: "5.2's get_activity orders one second's rows by nothing more (ORDER BY bug_when, comment_id): PostgreSQL's join gave the later row first, so it joined the texts as 'Highest High'; here the rows stay in the order written",
    155: 'the same tie between two users in one second: PostgreSQL gave the later change set first; here the order written',
  },
});
