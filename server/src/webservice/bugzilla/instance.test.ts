import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, standardFixture } from '../../../testing/fixtures.js';
import { httpClient } from '../../../testing/http.js';
import { type BzServer, startServer } from '../../../testing/test-server.js';

const REFERENCE = JSON.parse(
  readFileSync(new URL('../../bugzilla/config/default-parameters.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The contract's list, written out again on purpose: importing the server's own would test nothing. */
const LOGGED_IN = [
  'allowemailchange',
  'attachment_base',
  'commentonchange_resolution',
  'commentonduplicate',
  'cookiepath',
  'createemailregexp',
  'defaultopsys',
  'defaultplatform',
  'defaultpriority',
  'defaultseverity',
  'duplicate_or_move_bug_status',
  'emailregexp',
  'emailregexpdesc',
  'emailsuffix',
  'letsubmitterchoosemilestone',
  'letsubmitterchoosepriority',
  'mailfrom',
  'maintainer',
  'maxattachmentsize',
  'maxlocalattachment',
  'musthavemilestoneonaccept',
  'noresolveonopenblockers',
  'password_complexity',
  'rememberlogin',
  'requirelogin',
  'search_allow_no_criteria',
  'urlbase',
  'use_see_also',
  'useclassification',
  'usemenuforusers',
  'useqacontact',
  'usestatuswhiteboard',
  'usetargetmilestone',
];

let server: BzServer;
let bare: BzServer;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  [server, bare] = await Promise.all([
    startServer({ fixture: standardFixture({ instance: { version: '5.1.2+' } }), clock: '2026-04-05T06:07:08Z' }),
    startServer({ fixture: { users: [{ login: 'x@example.com', api_keys: ['xkey'] }] } }),
  ]);
  api = httpClient(server.url);
});
afterAll(async () => {
  await Promise.all([server.stop(), bare.stop()]);
});

const json = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

describe('version, extensions, timezone', () => {
  it('answers the instance version', async () => {
    expect(await json(await api('/rest/version'))).toEqual({ version: '5.1.2+' });
    expect(await json(await httpClient(bare.url)('/rest/version'))).toEqual({ version: '5.2' });
  });

  it('lists enabled extensions, {} when none', async () => {
    expect(await json(await api('/rest/extensions'))).toEqual({ extensions: { BugModal: { version: '1.0' } } });
    expect(await json(await httpClient(bare.url)('/rest/extensions'))).toEqual({ extensions: {} });
  });

  it('is always UTC', async () => {
    expect(await json(await api('/rest/timezone'))).toEqual({ timezone: '+0000' });
  });
});

describe('time', () => {
  it('answers both clocks and the compatibility fields', async () => {
    expect(await json(await api('/rest/time'))).toEqual({
      db_time: '2026-04-05T06:07:08Z',
      web_time: '2026-04-05T06:07:08Z',
      web_time_utc: '2026-04-05T06:07:08Z',
      tz_name: 'UTC',
      tz_short_name: 'UTC',
      tz_offset: '+0000',
    });
  });
});

describe('parameters', () => {
  const names = async (key?: string) =>
    Object.keys(((await json(await api('/rest/parameters', key ? { key } : {}))) as { parameters: object }).parameters);

  it('shows anonymous callers exactly maintainer and requirelogin', async () => {
    expect(await json(await api('/rest/parameters'))).toEqual({
      parameters: { maintainer: 'admin@example.com', requirelogin: '0' },
    });
  });

  it('shows logged-in callers exactly the 33 documented names', async () => {
    expect((await names(KEYS.bob)).sort()).toEqual(LOGGED_IN);
  });

  it('shows tweakparams members every parameter, urlbase being the server itself', async () => {
    const { parameters } = (await json(await api('/rest/parameters', { key: KEYS.admin }))) as {
      parameters: Record<string, string>;
    };
    expect(Object.keys(parameters).sort()).toEqual(Object.keys(REFERENCE).sort());
    expect(Object.keys(parameters)).toHaveLength(103);
    expect(parameters.urlbase).toBe(server.url);
    expect(parameters.smtp_password).toBe('');
    for (const value of Object.values(parameters)) expect(typeof value).toBe('string');
  });

  it('never shows secrets to a logged-in non-admin', async () => {
    expect(await names(KEYS.bob)).not.toContain('smtp_password');
  });
});

describe('last_audit_time', () => {
  const audit = async (query = '') =>
    ((await json(await api(`/rest/last_audit_time${query}`))) as { last_audit_time: string | null }).last_audit_time;

  it('answers the newest event of all classes without a class', async () => {
    expect(await audit()).toBe('2026-02-01T00:00:00Z');
  });

  it('narrows to the given classes; Tracker:: and Bugzilla:: are the same', async () => {
    expect(await audit('?class=Bugzilla::Product')).toBe('2026-01-01T00:00:00Z');
    expect(await audit('?class=Tracker::Product')).toBe('2026-01-01T00:00:00Z');
    expect(await audit('?class=Bugzilla::Milestone')).toBe('2026-02-01T00:00:00Z');
    expect(await audit('?class=Tracker::Product&class=Tracker::Component')).toBe('2026-01-15T00:00:00Z');
  });

  it('drops malformed class names silently; none left means all classes', async () => {
    expect(await audit('?class=Bogus')).toBe('2026-02-01T00:00:00Z');
    expect(await audit('?class=Bogus&class=Bugzilla::Product')).toBe('2026-01-01T00:00:00Z');
    expect(await audit('?class=Bugzilla::Product;DROP')).toBe('2026-02-01T00:00:00Z');
  });

  it('is null when no event matches', async () => {
    expect(await audit('?class=Bugzilla::Keyword')).toBeNull();
    const none = (await json(await httpClient(bare.url)('/rest/last_audit_time'))) as object;
    expect(none).toEqual({ last_audit_time: null });
  });
});
