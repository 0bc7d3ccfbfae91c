import { nickOf, whoUuid } from '../../bugzilla/user/bmo-nick.js';
import { currentUser, type RouteSpec } from '../method/route.js';

/** The secret of BMO's uuids when the instance names none (localconfig's site_wide_secret). */
const DEFAULT_SITE_SECRET = 'bz-companion';

export const whoamiRoutes = {
  'GET /rest/whoami': {
    // BMO's User.whoami; 5.2 has no such method (the profile's missing endpoints say which).
    rpc: { name: 'User.whoami', params: 'query', readOnly: true },
    auth: 'required',
    handle: (request, { profile, store }) => {
      const user = currentUser(request);
      if (profile.objects.whoami === 'login') {
        return { id: user.id, name: user.login, real_name: user.realName, login: user.login };
      }
      // BMO's (Bugzilla/WebService/User.pm whoami); no second factor is modelled, so mfa_status is false.
      const secret = store.instance.parameters.site_wide_secret ?? DEFAULT_SITE_SECRET;
      return {
        id: user.id,
        real_name: user.realName,
        nick: nickOf(user),
        name: user.login,
        mfa_status: false,
        groups: [...user.groups],
        uuid: whoUuid(user.id, secret),
      };
    },
  },
} satisfies { 'GET /rest/whoami': RouteSpec<'GET /rest/whoami'> };
