import type { BugHistoryResult, HistoryEntry } from '@bz-companion/shared';
import { formatBugzillaTime } from '@bz-companion/shared';
import { canSeeChange, type HistoryViewer, historyViewer } from '../../bugzilla/access.js';
import { namedRefs } from '../../bugzilla/bug/bug-ref.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { errors } from '../../bugzilla/errors.js';
import { mergedHistory } from '../../bugzilla/history/merged-history.js';
import { perlTrue } from '../../bugzilla/perl-truth.js';
import { parseLegalDate } from '../../bugzilla/search/legal-date.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Bug, ChangeSet, FieldChange } from '../../bugzilla/types.js';
import type { ObjectShapes } from '../../profiles/profile.js';
import { listGiven } from '../method/list-given.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';
import { visibleBugOrNone } from '../method/skip-private.js';
import { aliasOf } from './bug-alias.js';

/**
 * Bug.history: one entry per bug asked for (the path's, then `ids`; each once), change
 * sets oldest first, only those strictly after `new_since`. A change that made
 * a comment private is shown only to insiders, and to them with the comment's
 * database row, as 5.2 does; a private attachment's changes only to insiders. include/exclude_fields do not apply (5.2 ignores them).
 */
async function history(request: ApiRequest, { store, profile }: RouteDeps): Promise<BugHistoryResult> {
  const { user, query } = request;
  const shapes = profile.objects;
  const viewer = historyViewer(user, store.instance.parameters);
  const refs = namedRefs(request.pathId, query.getAll('ids'));
  // Over REST the path names one; an RPC call may name none.
  if (refs.length === 0 && !listGiven(request, 'ids')) throw errors.paramRequired('ids');
  const newSinceText = query.get('new_since');
  const newSince = newSinceText === null ? null : parseLegalDate(newSinceText);
  const bugs = new Map<number, Bug>();
  const skipPrivate = shapes.skipPrivate && perlTrue(query.get('skip_private'));
  // An alias and a number may name one bug: it is answered once.
  for (const ref of refs) {
    const bug = skipPrivate ? await visibleBugOrNone(store, user, ref) : await checkBug(store, user, ref);
    if (bug && !bugs.has(bug.id)) bugs.set(bug.id, bug);
  }
  const answer: BugHistoryResult = { bugs: [] };
  for (const bug of bugs.values()) {
    const history = await historyEntries(bug.id, store, viewer, newSince, shapes.historyComment);
    // BMO gives the alias here only while `usebugaliases` is on (default off: Bugzilla/Config/BugFields.pm).
    const alias =
      shapes.bugAlias === 'one' && store.instance.parameters.usebugaliases !== '1'
        ? null
        : aliasOf(bug, shapes.bugAlias);
    answer.bugs.push({ id: bug.id, alias, history });
  }
  return answer;
}

/** A bug's change sets as Bug.history lists them (also BMO's Bug.get `history`): oldest first, after `newSince`. */
export async function historyEntries(
  bugId: number,
  store: Store,
  viewer: HistoryViewer,
  newSince: number | null,
  commentShape: ObjectShapes['historyComment'],
): Promise<HistoryEntry[]> {
  const history: HistoryEntry[] = [];
  for (const set of mergedHistory(await store.historyOf(bugId))) {
    if (newSince !== null && set.when <= newSince) continue;
    const entry = await changeSetJson(set, store, viewer, bugId, commentShape);
    if (entry.changes.length > 0) history.push(entry);
  }
  return history;
}

async function changeSetJson(
  set: ChangeSet,
  store: Store,
  viewer: HistoryViewer,
  bugId: number,
  commentShape: ObjectShapes['historyComment'],
): Promise<HistoryEntry> {
  const changes: HistoryEntry['changes'] = [];
  for (const change of set.changes) {
    if (!canSeeChange(viewer, change)) continue;
    // 5.2's get_activity leaves out a private attachment's changes (its flags too) for non-insiders.
    const { attachment_id: attachmentId } = change;
    if (!viewer.insider && attachmentId !== undefined && (await store.attachmentById(attachmentId))?.isPrivate)
      continue;
    changes.push(await changeJson(change, store, viewer.insider, bugId, commentShape));
  }
  const who = (await store.userById(set.who))?.login ?? '';
  return { when: formatBugzillaTime(set.when * 1000), who, changes };
}

async function changeJson(
  change: FieldChange,
  store: Store,
  insider: boolean,
  bugId: number,
  commentShape: ObjectShapes['historyComment'],
): Promise<HistoryEntry['changes'][number]> {
  const json: HistoryEntry['changes'][number] = {
    field_name: change.field_name,
    removed: change.removed,
    added: change.added,
  };
  if (change.attachment_id !== undefined) json.attachment_id = change.attachment_id;
  if (commentShape === 'id-and-count') {
    // BMO's _changeset_to_hash: the comment by its id and its place in the bug; the row itself is deleted.
    const named = change.comment_id === undefined ? undefined : await store.commentById(change.comment_id);
    if (named && named.bugId === bugId) {
      json.comment_id = named.id;
      json.comment_count = (await store.commentsOf(bugId)).findIndex((one) => one.id === named.id);
    }
    return json;
  }
  const comment = change.comment_id === undefined || !insider ? undefined : await store.commentById(change.comment_id);
  // Only a comment of this bug: another bug's (a bad fixture, a damaged database) may be one the user cannot see.
  if (insider && comment && comment.bugId === bugId) {
    json.comment = {
      comment_id: comment.id,
      bug_id: comment.bugId,
      who: comment.author,
      bug_when: formatBugzillaTime(comment.time * 1000)
        .replace('T', ' ')
        .replace('Z', ''),
      thetext: comment.text,
      isprivate: comment.isPrivate ? 1 : 0,
      type: 0,
      extra_data: null,
      work_time: '0.00',
      already_wrapped: 0,
    };
  }
  return json;
}

export const bugHistoryRoutes = {
  'GET /rest/bug/{id}/history': {
    rpc: { name: 'Bug.history', params: 'query', readOnly: true },
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: history,
  },
} satisfies { [K in 'GET /rest/bug/{id}/history']: RouteSpec<K> };
