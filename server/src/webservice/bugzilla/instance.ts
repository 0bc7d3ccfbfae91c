import { formatBugzillaTime } from '@bz-companion/shared';
import { afterRead } from '../../bugzilla/read.js';
import { PreparedJson } from '../../http/prepared-json.js';
import type { RouteSpec } from '../method/route.js';
import { parametersAnswer } from './parameters-answer.js';

type InstanceKey =
  | 'GET /rest/version'
  | 'GET /rest/extensions'
  | 'GET /rest/timezone'
  | 'GET /rest/time'
  | 'GET /rest/parameters'
  | 'GET /rest/last_audit_time';

/** The answers that never change while the server runs, or change with one string: made once. */
const TIMEZONE_ANSWER = new PreparedJson({ timezone: '+0000' });
const VERSION_ANSWERS = new Map<string, PreparedJson<{ version: string }>>();

function versionAnswer(version: string): PreparedJson<{ version: string }> {
  let answer = VERSION_ANSWERS.get(version);
  if (!answer) {
    // A handful of versions at most (the data's, a profile's default); bounded anyway.
    if (VERSION_ANSWERS.size >= 16) VERSION_ANSWERS.clear();
    answer = new PreparedJson({ version });
    VERSION_ANSWERS.set(version, answer);
  }
  return answer;
}

export const instanceRoutes = {
  'GET /rest/version': {
    rpc: { name: 'Bugzilla.version', params: 'query', readOnly: true },
    auth: 'ignore',
    handle: (_request, { store, profile }) => versionAnswer(store.instance.version ?? profile.defaultVersion),
  },
  'GET /rest/extensions': {
    rpc: { name: 'Bugzilla.extensions', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    handle: (_request, { store }) => ({ extensions: store.instance.extensions }),
  },
  'GET /rest/timezone': {
    rpc: { name: 'Bugzilla.timezone', params: 'query', readOnly: true },
    auth: 'ignore',
    handle: () => TIMEZONE_ANSWER,
  },
  'GET /rest/time': {
    rpc: { name: 'Bugzilla.time', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    handle: (request) => {
      const webTime = formatBugzillaTime(request.webNow);
      return afterRead(request.databaseNow(), (databaseMs) => ({
        db_time: formatBugzillaTime(databaseMs),
        web_time: webTime,
        web_time_utc: webTime,
        tz_name: 'UTC',
        tz_short_name: 'UTC',
        tz_offset: '+0000',
      }));
    },
  },
  'GET /rest/parameters': {
    rpc: { name: 'Bugzilla.parameters', params: 'query', readOnly: true },
    auth: 'optional',
    filterInside: 'parameters',
    handle: (request, { store, urlbase, profile }) =>
      parametersAnswer(
        store.instance.parameters,
        request.user,
        urlbase?.() ?? `${request.origin}/`,
        profile.parametersLoggedIn,
      ),
  },
  'GET /rest/last_audit_time': {
    // Not READ_ONLY in 5.2's Bugzilla.pm, though it only reads.
    rpc: { name: 'Bugzilla.last_audit_time', params: 'query', readOnly: false },
    codes: [[58, 'class must be a scalar or an array']],
    auth: 'optional-unless-requirelogin',
    handle: async (request, { store, profile }) => {
      // Unknown class names are dropped silently; if none is left, all classes count (5.2).
      const classes = request.query.getAll('class').filter((name) => profile.auditClass.test(name));
      const latest = await store.lastAuditTime(classes.length > 0 ? classes : null);
      return { last_audit_time: latest === null ? null : formatBugzillaTime(latest * 1000) };
    },
  },
} satisfies { [K in InstanceKey]: RouteSpec<K> };
