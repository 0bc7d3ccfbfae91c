import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serveFixture } from '../cli-server.js';
import { KEYS, standardFixture } from '../fixtures.js';
import { sendRaw } from '../raw-request.js';

/** `npm run stress` raises this to thousands. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** One custom field of each type, a mandatory one and an obsolete one, over the standard fixture. */
const CUSTOM_FIELDS = [
  { name: 'cf_build', type: 'freetext', enter_bug: true },
  { name: 'cf_stage', type: 'single_select', values: ['design', 'testing', { name: 'gone', is_active: false }] },
  { name: 'cf_os', type: 'multi_select', values: ['linux', 'windows'] },
  { name: 'cf_notes', type: 'textarea' },
  { name: 'cf_due', type: 'datetime' },
  { name: 'cf_ship', type: 'date' },
  { name: 'cf_regressed_by', type: 'bug_id' },
  { name: 'cf_points', type: 'integer' },
  { name: 'cf_old', type: 'multi_select', obsolete: true, values: ['a'] },
  {
    name: 'cf_must',
    type: 'freetext',
    mandatory: true,
    enter_bug: true,
    visibility_field: 'cf_stage',
    visibility_values: ['testing'],
  },
];
const NAMES = [...CUSTOM_FIELDS.map((field) => field.name), 'cf_nosuch', 'CF_STAGE', 'cf_'];

/** Values as clients get them wrong: every JSON shape, dates, numbers and lists at their edges. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    '',
    ' ',
    '---',
    'design',
    'TESTING',
    'gone',
    'linux,windows',
    'linux,,windows,',
    ',',
    '2026-02-30',
    '2026-12-24 18:30',
    '2026-12-24 25:00:00',
    '2026-12-24T18:30:00Z',
    '20261224T18:30:00',
    '0000-00-00 00:00:00',
    '1',
    'myalias',
    '99999999999',
    '-2147483648',
    '+7',
    '3.5',
    '\u0000',
    'x'.repeat(300),
  ),
  fc.array(fc.constantFrom('linux', 'windows', 'linux', '', 'nope', 'gone'), { maxLength: 4 }),
  fc.record({ add: fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }) }),
);

const customValues = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 4 });

const request = fc.oneof(
  customValues.map((values) => ({
    method: 'POST',
    path: '/rest/bug',
    body: { product: 'TestProduct', component: 'TestComponent', version: 'unspecified', summary: 'F', ...values },
  })),
  fc.tuple(fc.constantFrom('1', '6', 'myalias'), customValues).map(([id, values]) => ({
    method: 'PUT',
    path: `/rest/bug/${id}`,
    body: values,
  })),
  fc.tuple(fc.constantFrom(...NAMES, '60', '-1', '99999999999', 'cf_os/1'), fc.boolean()).map(([name, values]) => ({
    method: 'GET',
    path: `/rest/field/bug/${encodeURIComponent(name)}${values ? '/values' : ''}`,
    body: undefined,
  })),
);

let server: RunningServer;
beforeAll(async () => {
  server = await serveFixture({
    ...standardFixture(),
    custom_fields: CUSTOM_FIELDS,
    bugs: standardFixture().bugs.map((bug) => (bug.id === 1 ? { ...bug, cf_stage: 'design', cf_os: ['linux'] } : bug)),
  });
});
afterAll(() => server.stop());

/** What the API tells of the bugs' custom values (the admin sees every bug). */
async function customFingerprint(): Promise<string> {
  const response = await sendRaw(server.url, {
    method: 'GET',
    path: '/rest/bug?include_fields=id,_custom&limit=0',
    headers: { 'X-BUGZILLA-API-KEY': KEYS.admin },
  });
  return response.body;
}

describe('fuzzing custom fields', () => {
  it(`answers ${RUNS} Bug.create, Bug.update, Bug.fields and legal_values calls with every shape of value: Bugzilla errors or successes, and a refusal changes nothing`, async () => {
    let before = await customFingerprint();
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, body }) => {
        const response = await sendRaw(server.url, {
          method,
          path,
          headers: { 'X-BUGZILLA-API-KEY': KEYS.admin, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}: ${response.body}`).toBeLessThan(500);
        const answer = JSON.parse(response.body) as { error?: boolean; code?: number };
        if (response.status >= 400) expect(answer).toMatchObject({ error: true, code: expect.any(Number) });
        const after = await customFingerprint();
        if (response.status >= 400) expect(after, `${method} ${path} ${JSON.stringify(body)}`).toBe(before);
        before = after;
      }),
      { numRuns: RUNS },
    );
    expect(server.process.exitCode).toBeNull();
  }, 300_000);
});
