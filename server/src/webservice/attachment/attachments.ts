import type { AddAttachmentResult, BugAttachmentsResult, UpdateAttachmentResult } from '@bz-companion/shared';
import { formatBugzillaTime } from '@bz-companion/shared';
import { canSeeBug, isInsider } from '../../bugzilla/access.js';
import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import { attachmentErrors } from '../../bugzilla/attachment/attachment-errors.js';
import { extractAttachmentFlags, flagRequests, theirFlagRequests } from '../../bugzilla/attachment/attachment-flags.js';
import {
  attachmentBodyBytes,
  checkNewAttachment,
  hasSetters,
  perlText,
  planAttachmentUpdate,
  storable,
  trim,
} from '../../bugzilla/attachment/attachment-rules.js';
import {
  type AttachmentVisitChange,
  addAttachmentsWrite,
  type UpdateAttachmentsCommand,
  updateAttachmentsWrite,
} from '../../bugzilla/attachment/attachment-write-plan.js';
import { namedRefs } from '../../bugzilla/bug/bug-ref.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { errors } from '../../bugzilla/errors.js';
import { isStorableId } from '../../bugzilla/ids.js';
import { ownedData, type Store } from '../../bugzilla/store/store.js';
import type { Bug, User } from '../../bugzilla/types.js';
import { visitEffectsOfUpdate } from '../../bugzilla/visit/update-visits.js';
import { bmoUserJson } from '../method/bmo-user-json.js';
import { NAMES_A_BUG } from '../method/error-codes.js';
import { FieldSelection } from '../method/field-selection.js';
import { listGiven } from '../method/list-given.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';
import { DEFAULT_WORK_BOUNDS } from '../method/work-bounds.js';
import { attachmentFlagPlanner } from './attachment-flag-planner.js';
import { attachmentJson, bmoAttachmentJson } from './attachment-json.js';

/** A private attachment is for insiders and for whoever attached it (5.2's get_attachments_by_bug). */
function mayList(attachment: Attachment, user: User | undefined, insider: boolean): boolean {
  return !attachment.isPrivate || insider || (user !== undefined && attachment.creator === user.id);
}

/** What one Bug.attachments call may answer: the default bound, held before any data is encoded. */
const LISTING_BOUNDS = { answerBytes: DEFAULT_WORK_BOUNDS.answerBytes };

/**
 * Bug.attachments: the attachments of the bugs asked for (the bug route's path, plus `ids`) and
 * those asked for by id (the attachment route's path, plus `attachment_ids`); both maps always
 * there. A missing attachment id is left out; a private one is refused to non-insiders (304).
 * A bug named twice is listed once (5.2 fills one hash entry per bug); every name is still checked.
 * The sizes of the data to send are known before a byte of it is read or encoded: an answer they
 * alone would take over its bound is refused then, not after hundreds of megabytes were built.
 */
async function listAttachments(
  request: ApiRequest,
  { store, profile }: RouteDeps,
  byAttachmentId: boolean,
): Promise<BugAttachmentsResult> {
  const { user, query } = request;
  const insider = isInsider(user, store.instance.parameters);
  const fields = FieldSelection.fromQuery(query);
  const json = (attachment: Attachment) =>
    profile.objects.attachmentExtras
      ? bmoAttachmentJson(attachment, store, fields, (creator) => bmoUserJson(creator), profile.attachmentFlags)
      : attachmentJson(attachment, store, fields, profile.attachmentFlags);
  const bugRefs = namedRefs(byAttachmentId ? undefined : request.pathId, query.getAll('ids'));
  const attachmentRefs = namedRefs(byAttachmentId ? request.pathId : undefined, query.getAll('attachment_ids'));
  const given =
    bugRefs.length > 0 ||
    attachmentRefs.length > 0 ||
    listGiven(request, 'ids') ||
    listGiven(request, 'attachment_ids');
  if (!given) {
    throw errors.paramsRequired('Bug.attachments', ['ids', 'attachment_ids']);
  }
  const byBug = new Map<number, Attachment[]>();
  for (const ref of bugRefs) {
    const bug = await checkBug(store, user, ref);
    if (byBug.has(bug.id)) continue;
    const shown: Attachment[] = [];
    for (const attachment of await store.attachmentsOf(bug.id)) {
      if (mayList(attachment, user, insider)) shown.push(attachment);
    }
    byBug.set(bug.id, shown);
  }
  const ids = attachmentRefs.map((ref) => ref.trim());
  if (ids.some((id) => !/^\d+$/.test(id))) throw attachmentErrors.idNotNumeric();
  const found: Attachment[] = [];
  for (const id of [...new Set(ids.map(Number))].sort((a, b) => a - b)) {
    const attachment = isStorableId(id) ? await store.attachmentById(id) : undefined;
    if (attachment) found.push(attachment);
  }
  for (const attachment of found) {
    await checkBug(store, user, attachment.bugId);
    if (attachment.isPrivate && !insider) throw attachmentErrors.accessDenied(attachment.id);
  }
  if (fields.wants('data')) checkDataSize([...byBug.values()].flat().concat(found), LISTING_BOUNDS.answerBytes);
  const bugs: BugAttachmentsResult['bugs'] = {};
  for (const [bugId, shown] of byBug) {
    const listed: Array<Record<string, unknown>> = [];
    for (const attachment of shown) listed.push(await json(attachment));
    bugs[String(bugId)] = listed;
  }
  const attachments: BugAttachmentsResult['attachments'] = {};
  for (const attachment of found) attachments[String(attachment.id)] = await json(attachment);
  return { bugs, attachments };
}

/** Refuses an answer whose attachments' data alone, as base64, would be over `limitBytes`. */
function checkDataSize(attachments: readonly Attachment[], limitBytes: number): void {
  let bytes = 0;
  for (const attachment of attachments) bytes += 4 * Math.ceil(attachment.size / 3);
  if (bytes > limitBytes) throw errors.answerTooLarge(limitBytes);
}

/** A list parameter as 5.2 reads it: a scalar is a list of one. */
function listParam(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** The visit side effects of changing each of these bugs once (5.2 updates each bug once). */
async function visitChanges(
  store: Store,
  bugs: readonly Bug[],
  user: User,
  deps: RouteDeps,
): Promise<AttachmentVisitChange[]> {
  const changes: AttachmentVisitChange[] = [];
  const seen = new Set<number>();
  for (const bug of bugs) {
    if (seen.has(bug.id)) continue;
    seen.add(bug.id);
    const effects = await visitEffectsOfUpdate(store, bug, user, deps.profile);
    changes.push({ bugId: bug.id, authorVisit: effects.authorVisit, forgetVisitsOf: effects.forgetVisitsOf });
  }
  return changes;
}

/**
 * Bug.add_attachment, in 5.2's order: logged in (410), `ids` and `data` given (50), each bug
 * there and visible (100, 101, 102), then the attachment's own checks (data, summary, file name,
 * privacy, content type). One attachment per bug named, each with a comment; answered 201.
 */
async function addAttachment(request: ApiRequest, deps: RouteDeps): Promise<AddAttachmentResult> {
  const { store } = deps;
  const user = currentUser(request);
  const body = request.body ?? {};
  const refs = listParam(body.ids) ?? (request.pathId === undefined ? undefined : [request.pathId]);
  if (refs === undefined) throw errors.paramRequired('ids');
  if (body.data === undefined || body.data === null) throw errors.paramRequired('data');
  const bugs: Bug[] = [];
  for (const ref of refs) bugs.push(await checkBug(store, user, ref));
  const parameters = store.instance.parameters;
  const checked = checkNewAttachment(body, isInsider(user, parameters), parameters);
  const visits = await visitChanges(store, bugs, user, deps);
  const now = await request.databaseNow();
  const flags = await attachmentFlagPlanner(store, user, body.flags, now, deps.profile.blockedRequestees);
  const write = addAttachmentsWrite({
    who: user.id,
    when: Math.floor(now / 1000),
    bugIds: bugs.map((bug) => bug.id),
    attachment: checked,
    flags,
    visits,
  });
  const ids = await ownedData(store, 'adding an attachment').writeBugs(write);
  if (deps.push.listening) {
    for (const [i, attachmentId] of ids.entries()) {
      const own = await store.commentsOf(bugs[i]?.id ?? 0);
      const comment = own.find((one) => one.type === 5 && one.extraData === String(attachmentId));
      await deps.push.afterWrite(
        { kind: 'attachment-added', attachmentId, commentId: comment?.id },
        user,
        Math.floor(now / 1000),
      );
    }
  }
  return { ids };
}

/**
 * Bug.update_attachment: each attachment asked for (the body's `ids`, else the path's) must exist
 * (32000), be on a bug the caller sees, and be theirs to edit (its creator, or in editbugs and
 * allowed to see it); then 5.2's setters check the values. Answers what changed per attachment.
 */
async function updateAttachment(request: ApiRequest, deps: RouteDeps): Promise<UpdateAttachmentResult> {
  const { store } = deps;
  const user = currentUser(request);
  const body = request.body ?? {};
  const refs = listParam(body.ids) ?? (request.pathId === undefined ? undefined : [request.pathId]);
  if (refs === undefined) throw errors.paramRequired('ids');
  const parameters = store.instance.parameters;
  const insider = isInsider(user, parameters);
  const { attachments, bugs } = await attachmentsToEdit(store, user, refs);
  const now = await request.databaseNow();
  const flags = await attachmentFlagPlanner(store, user, body.flags, now, deps.profile.blockedRequestees);
  const updates: Array<UpdateAttachmentsCommand['updates'][number]> = [];
  for (const [i, attachment] of attachments.entries()) {
    const bug = bugs[i] as Bug;
    // The flags named are found first, as 5.2's extract_flags runs before it checks who may edit.
    const requests = flags ? flagRequests(body.flags) : [];
    extractAttachmentFlags(requests, attachment, bug, store.catalogue);
    const mayEdit =
      attachment.creator === user.id || ((!attachment.isPrivate || insider) && user.groups.includes('editbugs'));
    if (mayEdit) {
      const set = planAttachmentUpdate(attachment, body, insider);
      updates.push({ id: attachment.id, bugId: bug.id, set, comment: '', flags });
      continue;
    }
    // Who set a flag, or was asked, may change it without rights to the attachment, and only that.
    const theirs =
      flags && !hasSetters(body)
        ? theirFlagRequests(flagRequests(body.flags), attachment, bug, user, store.catalogue)
        : [];
    if (theirs.length === 0) throw attachmentErrors.illegalEdit(attachment.id);
    updates.push({
      id: attachment.id,
      bugId: bug.id,
      set: {},
      comment: '',
      flags: await attachmentFlagPlanner(store, user, theirs, now, deps.profile.blockedRequestees),
    });
  }
  const comment = storable(trim(perlText(body.comment) ?? ''), 'comment');
  for (const update of updates) update.comment = comment;
  const visits = await visitChanges(store, bugs, user, deps);
  const write = updateAttachmentsWrite({ who: user.id, when: Math.floor(now / 1000), updates, visits });
  const results = await ownedData(store, 'changing an attachment').writeBugs(write);
  const answer = {
    attachments: results.map((result) => {
      const changes: Record<string, { removed: string; added: string }> = {};
      for (const change of result.changes) changes[change.field] = { removed: change.removed, added: change.added };
      return { id: result.id, last_change_time: formatBugzillaTime(result.modificationTime * 1000), changes };
    }),
  };
  for (const { id, changes } of answer.attachments) {
    await deps.push.afterWrite({ kind: 'attachment-changed', attachmentId: id, changes }, user, Math.floor(now / 1000));
  }
  return answer;
}

/** The attachments named, each with its bug: one that is none such (32000) or on a bug the caller cannot see is refused. */
async function attachmentsToEdit(
  store: Store,
  user: User,
  refs: readonly unknown[],
): Promise<{ attachments: Attachment[]; bugs: Bug[] }> {
  const parameters = store.instance.parameters;
  const attachments: Attachment[] = [];
  const bugs: Bug[] = [];
  for (const ref of refs) {
    const text = perlText(ref)?.trim() ?? '';
    const id = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    const attachment = isStorableId(id) ? await store.attachmentById(id) : undefined;
    if (!attachment) throw attachmentErrors.invalidAttachId(text);
    const bug = await store.bugById(attachment.bugId);
    if (!bug || !canSeeBug(user, bug, parameters)) throw attachmentErrors.illegalEditBug(attachment.bugId);
    attachments.push(attachment);
    bugs.push(bug);
  }
  return { attachments, bugs };
}

export const attachmentRoutes = {
  'GET /rest/bug/{id}/attachment': {
    rpc: { name: 'Bug.attachments', params: 'query', readOnly: true },
    codes: NAMES_A_BUG,
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    bounds: LISTING_BOUNDS,
    handle: (request, deps) => listAttachments(request, deps, false),
  },
  'GET /rest/bug/attachment/{id}': {
    codes: [
      [52, 'the attachment id is not a number'],
      [304, 'the attachment is private, or its bug is not visible'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    bounds: LISTING_BOUNDS,
    handle: (request, deps) => listAttachments(request, deps, true),
  },
  'POST /rest/bug/{id}/attachment': {
    rpc: { name: 'Bug.add_attachment', params: 'body', readOnly: false, bytesParams: ['data'] },
    codes: [
      ...NAMES_A_BUG,
      [50, 'data is required'],
      [113, 'only insiders may add a private attachment'],
      [600, 'the attachment is too large'],
      [601, 'an invalid content type'],
      [603, 'no file to attach'],
      [604, 'summary is required'],
      [606, 'the attachment is empty'],
    ],
    auth: 'required',
    successStatus: 201,
    stampsWrites: true,
    largerBody: attachmentBodyBytes,
    handle: addAttachment,
  },
  'PUT /rest/bug/attachment/{id}': {
    rpc: { name: 'Bug.update_attachment', params: 'body', readOnly: false },
    codes: [
      [51, 'no such flag type'],
      [113, 'only insiders may (un)mark an attachment private'],
      [129, 'an invalid flag status'],
      [130, 'the caller may not grant this flag'],
      [131, 'this flag cannot be requested from a given person'],
      [604, 'summary may not be blank'],
      [67399, "5.2's crash when data is given"],
    ],
    auth: 'required',
    stampsWrites: true,
    handle: updateAttachment,
  },
} satisfies {
  [K in
    | 'GET /rest/bug/{id}/attachment'
    | 'GET /rest/bug/attachment/{id}'
    | 'POST /rest/bug/{id}/attachment'
    | 'PUT /rest/bug/attachment/{id}']: RouteSpec<K>;
};
