import type { ResponseOf } from '@bz-companion/shared';
import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import { errors } from '../../bugzilla/errors.js';
import { afterRead, type Read } from '../../bugzilla/read.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';
import { suggestUsers } from '../../bugzilla/user/bmo-suggest.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

type Suggestions = ResponseOf<'GET /rest/user/suggest'>;

/**
 * BMO's `GET /rest/user/suggest` (Bugzilla/WebService/User.pm suggest, routed by
 * REST/Resources/User.pm): `match` is required (50), a logged-out caller refused (505), a `match`
 * shorter than three characters once trimmed finds no one; each user as `{id, real_name, nick, name}`.
 */
function suggest(request: ApiRequest, { store }: RouteDeps): Read<Suggestions> {
  const match = request.query.get('match');
  if (match === null) throw errors.paramsRequired('User.suggest', ['match']);
  if (!request.user) throw catalogueErrors.loggedOutMatch();
  const text = match.trim();
  if (text.length < 3) return { users: [] };
  return afterRead(suggestUsers(store, text), (users) => ({
    users: users.map((user) => ({ id: user.id, real_name: user.realName, nick: nickOf(user), name: user.login })),
  }));
}

export const userSuggestRoutes = {
  'GET /rest/user/suggest': {
    codes: [
      [50, 'match is required'],
      [505, 'logged-out callers may not match users'],
    ],
    auth: 'optional-unless-requirelogin',
    handle: suggest,
  },
} satisfies { [K in 'GET /rest/user/suggest']: RouteSpec<K> };
