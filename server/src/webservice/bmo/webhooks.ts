import type { ResponseOf } from '@bz-companion/shared';
import { readAll } from '../../bugzilla/read.js';
import { webhookJson } from '../../bugzilla/webhook/webhook-entry.js';
import { currentUser, type RouteSpec } from '../method/route.js';

/**
 * BMO's `GET /rest/webhooks/list` (extensions/Webhooks/lib/API/V1/Webhooks.pm): the caller's own
 * webhooks, by id, each with whether its connector is on and how many messages wait in its backlog.
 */
export const webhookRoutes = {
  'GET /rest/webhooks/list': {
    auth: 'required',
    handle: async (request, { store, push }): Promise<ResponseOf<'GET /rest/webhooks/list'>> => {
      const user = currentUser(request);
      const own = store.catalogue.webhooks().filter((webhook) => webhook.userId === user.id);
      const creators = await readAll(own.map((webhook) => store.userById(webhook.userId)));
      return {
        webhooks: own.map((webhook, i) =>
          webhookJson(webhook, creators[i]?.login ?? '', store.catalogue, {
            enabled: push.enabled(webhook.id),
            errors: push.backlogOf(webhook.id),
          }),
        ),
      };
    },
  },
} satisfies { [K in 'GET /rest/webhooks/list']: RouteSpec<K> };
