import type { RenderCommentResult } from '@bz-companion/shared';
import { canSeeBug, isInsider } from '../../bugzilla/access.js';
import { perlText } from '../../bugzilla/attachment/attachment-rules.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { type LinkedAttachment, type LinkedBug, linkedIds, quoteUrls } from '../../bugzilla/comment/quote-urls.js';
import { errors } from '../../bugzilla/errors.js';
import { isStorableId } from '../../bugzilla/ids.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

/**
 * Bug.render_comment: `text` as 5.2 renders a comment (quoteUrls), for the caller: a bug they
 * may not see is linked with its status only, a private attachment with no title. With `id`,
 * `comment N` links into that bug (which must be visible).
 */
export async function renderComment(request: ApiRequest, { store }: RouteDeps): Promise<RenderCommentResult> {
  const { user } = request;
  const body = request.body ?? {};
  const text = perlText(body.text);
  if (text === undefined) throw errors.paramsRequired('Bug.render_comment', ['text']);
  const current =
    body.id === undefined || body.id === null || body.id === '' ? undefined : await checkBug(store, user, body.id);
  const parameters = store.instance.parameters;
  const bases = [parameters.urlbase ?? '', parameters.sslbase ?? ''];
  const wanted = linkedIds(text, current?.id, bases);
  const bugs = new Map<number, LinkedBug>();
  for (const id of wanted.bugs) {
    const bug = isStorableId(id) ? await store.bugById(id) : undefined;
    if (!bug) continue;
    const { status, resolution, summary } = bug.fields;
    const visible = canSeeBug(user, bug, parameters);
    bugs.set(id, {
      status,
      resolution,
      isOpen: store.catalogue.isOpen(status),
      summary: visible ? summary : undefined,
    });
  }
  const insider = isInsider(user, parameters);
  const attachments = new Map<number, LinkedAttachment>();
  for (const id of wanted.attachments) {
    const attachment = isStorableId(id) ? await store.attachmentById(id) : undefined;
    if (!attachment) continue;
    const bug = await store.bugById(attachment.bugId);
    const mayRead = bug !== undefined && canSeeBug(user, bug, parameters) && (!attachment.isPrivate || insider);
    attachments.set(id, { title: mayRead ? attachment.description : '', isObsolete: attachment.isObsolete });
  }
  const html = quoteUrls(text, {
    currentBugId: current?.id,
    bases,
    bug: (id) => bugs.get(id),
    attachment: (id) => attachments.get(id),
  });
  return { html };
}

export const renderCommentRoutes = {
  'POST /rpc/Bug.render_comment': {
    rpc: { name: 'Bug.render_comment', params: 'body', readOnly: false },
    auth: 'optional-unless-requirelogin',
    handle: renderComment,
  },
} satisfies { [K in 'POST /rpc/Bug.render_comment']: RouteSpec<K> };
