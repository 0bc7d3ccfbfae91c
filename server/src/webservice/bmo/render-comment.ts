import { renderComment } from '../comment/render-comment.js';
import type { RouteSpec } from '../method/route.js';

/**
 * BMO's `POST /rest/bug/comment/render` (Bugzilla/WebService/Server/REST/Resources/Bug.pm): the
 * method 5.2 has over RPC only, as a REST resource. BMO renders Markdown only with `use_markdown`
 * on (off by default, Bugzilla/Config/Advanced.pm); off, it is 5.2's quoteUrls, as here.
 */
export const bmoRenderCommentRoutes = {
  'POST /rest/bug/comment/render': {
    auth: 'optional-unless-requirelogin',
    handle: renderComment,
  },
} satisfies { [K in 'POST /rest/bug/comment/render']: RouteSpec<K> };
