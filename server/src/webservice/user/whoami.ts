import { currentUser, type RouteSpec } from '../method/route.js';

export const whoamiRoutes = {
  'GET /rest/whoami': {
    // BMO's User.whoami; 5.2 has no such method (the profile's missing endpoints say which).
    rpc: { name: 'User.whoami', params: 'query', readOnly: true },
    auth: 'required',
    handle: (request) => {
      const user = currentUser(request);
      return { id: user.id, name: user.login, real_name: user.realName, login: user.login };
    },
  },
} satisfies { 'GET /rest/whoami': RouteSpec<'GET /rest/whoami'> };
