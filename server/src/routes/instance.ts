import { formatBugzillaTime } from '@bz-companion/shared';
import { afterRead } from '../store/read.js';
import { parametersAnswer } from './parameters-answer.js';
import type { RouteSpec } from './route.js';

type InstanceKey =
  | 'GET /rest/version'
  | 'GET /rest/extensions'
  | 'GET /rest/timezone'
  | 'GET /rest/time'
  | 'GET /rest/parameters'
  | 'GET /rest/last_audit_time';

export const instanceRoutes = {
  'GET /rest/version': {
    auth: 'ignore',
    handle: (_request, { store, profile }) => ({ version: store.instance.version ?? profile.defaultVersion }),
  },
  'GET /rest/extensions': {
    auth: 'optional-unless-requirelogin',
    handle: (_request, { store }) => ({ extensions: store.instance.extensions }),
  },
  'GET /rest/timezone': {
    auth: 'ignore',
    handle: () => ({ timezone: '+0000' }),
  },
  'GET /rest/time': {
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
    auth: 'optional-unless-requirelogin',
    handle: async (request, { store, profile }) => {
      // Unknown class names are dropped silently; if none is left, all classes count (5.2).
      const classes = request.query.getAll('class').filter((name) => profile.auditClass.test(name));
      const latest = await store.lastAuditTime(classes.length > 0 ? classes : null);
      return { last_audit_time: latest === null ? null : formatBugzillaTime(latest * 1000) };
    },
  },
} satisfies { [K in InstanceKey]: RouteSpec<K> };
