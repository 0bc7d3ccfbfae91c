import type { ResponseOf } from '@bz-companion/shared';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import { BugzillaError } from '../../bugzilla/errors.js';
import { suggestedReviewers } from '../../bugzilla/product/bmo-reviewers.js';
import { canAccessProduct } from '../../bugzilla/product/product-lists.js';
import { afterRead, type Read } from '../../bugzilla/read.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

type Answer = ResponseOf<'GET /rest/review/suggestions'>;

/** The path's value as BMO's rest_resources read it: digits are a bug, else a product, then `/component`. */
function pathParams(pathId: string | undefined): Record<string, string> {
  if (pathId === undefined) return {};
  if (/^\d+$/.test(pathId)) return { bug_id: pathId };
  const slash = pathId.indexOf('/');
  return slash < 0 ? { product: pathId } : { product: pathId.slice(0, slash), component: pathId.slice(slash + 1) };
}

/**
 * BMO's Review.suggestions (extensions/Review/lib/WebService.pm suggestions and rest_resources): by
 * `bug_id` (Bug->check: 100, 101, 102), or by `product` (106, also for one the caller cannot access) and optionally `component` (51); neither
 * is its reviewer_suggestions_param_required, a user error without a WebService code (32000).
 */
function suggestions(request: ApiRequest, { store }: RouteDeps): Read<Answer> {
  const params = new MethodParams(request, pathParams(request.pathId));
  const { catalogue } = store;
  const target = () => {
    if (params.has('bug_id')) {
      return afterRead(checkBug(store, request.user, params.value('bug_id')), (bug) => {
        const product = catalogue.product(bug.fields.product);
        if (!product) throw catalogueErrors.productAccessDenied(bug.fields.product);
        return { bug, product, component: catalogue.component(product, bug.fields.component) };
      });
    }
    const name = params.text('product');
    if (name === undefined) {
      throw new BugzillaError(32000, 'You must provide either a bug_id, or a product (and optionally a component).');
    }
    // Bugzilla::Product->check: a product the caller may neither search nor enter is one that does not exist.
    const product = catalogue.product(name);
    const orGroups = store.instance.parameters.or_groups === '1';
    if (!product || !canAccessProduct(request.user, product, catalogue, orGroups)) {
      throw catalogueErrors.productAccessDenied(name);
    }
    const componentName = params.text('component');
    if (componentName === undefined) return { product };
    const component = catalogue.component(product, componentName);
    if (!component) throw catalogueErrors.noSuchComponent(componentName, product.name);
    return { product, component };
  };
  return afterRead(target(), (found) =>
    afterRead(suggestedReviewers(store, found, Math.floor(request.webNow / 1000)), (reviewers) =>
      reviewers.map(({ user, reviewCount }) => ({
        id: user.id,
        email: user.login,
        name: user.realName,
        nick: nickOf(user),
        review_count: reviewCount,
      })),
    ),
  );
}

const route = {
  codes: [
    [32000, 'neither a bug nor a product'],
    [106, 'no such product'],
    [51, 'no such component'],
  ],
  auth: 'optional-unless-requirelogin',
  // suggestions returns its list unfiltered (no `filter` call): include_fields changes nothing.
  fieldsApplied: true,
  handle: suggestions,
} as const;

export const reviewSuggestionRoutes = {
  'GET /rest/review/suggestions': route,
  'GET /rest/review/suggestions/{id}': route,
  'GET /rest/review/suggestions/{id}/{component}': route,
} satisfies {
  [K in
    | 'GET /rest/review/suggestions'
    | 'GET /rest/review/suggestions/{id}'
    | 'GET /rest/review/suggestions/{id}/{component}']: RouteSpec<K>;
};
