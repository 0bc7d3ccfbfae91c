import type { ResponseOf } from '@bz-companion/shared';
import { triageOwners } from '../../bugzilla/product/bmo-triage-owners.js';
import type { RouteSpec } from '../method/route.js';

type TriageOwners = ResponseOf<'GET /rest/bmo/triage_owners'>;

/**
 * BMO's `GET /rest/bmo/triage_owners` (extensions/BMO/lib/API/V1/Triage.pm): the triage owners
 * report as JSON, by product then component, each with its owner's login ('' for none) and its
 * untriaged bugs counted by type.
 */
export const triageOwnerRoutes = {
  'GET /rest/bmo/triage_owners': {
    auth: 'optional-unless-requirelogin',
    handle: async (request, { store }): Promise<TriageOwners> => {
      const rows = await triageOwners(store, request.user, {
        product: request.query.get('product') || null,
        components: request.query.getAll('component'),
        owner: request.query.getAll('owner').join(',') || null,
      });
      const json: TriageOwners = {};
      for (const row of rows) {
        const components = json[row.product] ?? {};
        components[row.component] = { triage_owner: row.owner?.login ?? '', bug_counts: row.bugCounts };
        json[row.product] = components;
      }
      return json;
    },
  },
} satisfies { [K in 'GET /rest/bmo/triage_owners']: RouteSpec<K> };
