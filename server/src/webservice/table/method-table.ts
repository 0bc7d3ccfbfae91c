import { attachmentRoutes } from '../attachment/attachments.js';
import { bmoPossibleDuplicateRoutes } from '../bmo/bmo-possible-duplicates.js';
import { commentReactionRoutes } from '../bmo/comment-reactions.js';
import { bmoRenderCommentRoutes } from '../bmo/render-comment.js';
import { reviewFlagActivityRoutes } from '../bmo/review-flag-activity.js';
import { reviewSuggestionRoutes } from '../bmo/review-suggestions.js';
import { flagQueryRoutes } from '../bmo/run-flag-query.js';
import { searchLastSeenRoutes } from '../bmo/search-last-seen.js';
import { triageOwnerRoutes } from '../bmo/triage-owners.js';
import { webhookRoutes } from '../bmo/webhooks.js';
import { bugCreateRoutes } from '../bug/bug-create.js';
import { bugHistoryRoutes } from '../bug/bug-history.js';
import { bugUpdateRoutes } from '../bug/bug-update.js';
import { bugRoutes } from '../bug/bugs.js';
import { fieldRoutes } from '../bug/fields.js';
import { personalTagRoutes } from '../bug/personal-tags.js';
import { possibleDuplicateRoutes } from '../bug/possible-duplicates.js';
import { seeAlsoRoutes } from '../bug/update-see-also.js';
import { lastVisitRoutes } from '../bug-user-last-visit/last-visit.js';
import { instanceRoutes } from '../bugzilla/instance.js';
import { bugCommentRoutes } from '../comment/bug-comments.js';
import { commentTagRoutes } from '../comment/comment-tags.js';
import { renderCommentRoutes } from '../comment/render-comment.js';
import { flagTypeWriteRoutes } from '../flag-type/flag-type-writes.js';
import { flagTypeReadRoutes } from '../flag-type/flag-types.js';
import { groupWriteRoutes } from '../group/group-writes.js';
import { groupReadRoutes } from '../group/groups.js';
import type { RouteTable } from '../method/route.js';
import { classificationRoutes } from '../product/classifications.js';
import { productWriteRoutes } from '../product/product-writes.js';
import { productReadRoutes } from '../product/products.js';
import { userSuggestRoutes } from '../user/bmo-suggest.js';
import { loginRoutes } from '../user/login.js';
import { userWriteRoutes } from '../user/user-writes.js';
import { userReadRoutes } from '../user/users.js';
import { whoamiRoutes } from '../user/whoami.js';

/**
 * Every method of the WebService, one row each, joined from its family's table (the family
 * folders beside this one, as Bugzilla/WebService/*.pm): its REST endpoint, its RPC name, its
 * codes, its credentials policy and its handler. REST routing, the RPC endpoints and the OpenAPI
 * description all read this one table.
 */
export const routeTable: RouteTable = {
  ...lastVisitRoutes,
  ...instanceRoutes,
  ...whoamiRoutes,
  ...loginRoutes,
  ...bugRoutes,
  ...bugCommentRoutes,
  ...bugHistoryRoutes,
  ...productReadRoutes,
  ...classificationRoutes,
  ...fieldRoutes,
  ...userReadRoutes,
  ...groupReadRoutes,
  ...flagTypeReadRoutes,
  ...productWriteRoutes,
  ...groupWriteRoutes,
  ...flagTypeWriteRoutes,
  ...userWriteRoutes,
  ...bugUpdateRoutes,
  ...bugCreateRoutes,
  ...attachmentRoutes,
  ...commentTagRoutes,
  ...renderCommentRoutes,
  ...personalTagRoutes,
  ...seeAlsoRoutes,
  ...possibleDuplicateRoutes,
  ...webhookRoutes,
  ...triageOwnerRoutes,
  ...bmoPossibleDuplicateRoutes,
  ...commentReactionRoutes,
  ...bmoRenderCommentRoutes,
  ...userSuggestRoutes,
  ...flagQueryRoutes,
  ...reviewFlagActivityRoutes,
  ...reviewSuggestionRoutes,
  ...searchLastSeenRoutes,
};
