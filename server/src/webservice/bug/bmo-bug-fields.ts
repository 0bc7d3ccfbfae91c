import { historyViewer, isInsider, isTimeTracker } from '../../bugzilla/access.js';
import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import { bugCounts } from '../../bugzilla/bug/bmo-counts.js';
import { lastChangeNonBot } from '../../bugzilla/bug/bmo-non-bot.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Bug, Comment, User } from '../../bugzilla/types.js';
import type { ObjectShapes } from '../../profiles/profile.js';
import { bmoAttachmentJson } from '../attachment/attachment-json.js';
import { commentJson } from '../comment/comment-json.js';
import type { FieldSelection } from '../method/field-selection.js';
import { historyEntries } from './bug-history.js';

type Json = Record<string, unknown>;

/** What BMO's fields of a bug read besides the bug: Bug.get's `new_since`, and how it details users. */
export interface BmoBugContext {
  /** Epoch seconds: `comments` and `history` only after it. */
  newSince: number | null;
  detail: (user: User, prefix: string) => Json;
  time: (seconds: number) => string;
}

const logins = async (store: Store, ids: readonly number[]) =>
  (await Promise.all(ids.map((id) => store.userById(id)))).filter((user): user is User => user !== undefined);

/**
 * The fields BMO adds to a bug (Bugzilla/WebService/Bug.pm `_bug_to_hash`), each only when the
 * selection wants it: by default `type`, `duplicates`, `mentors`, `comment_count`, `regressed_by` and
 * `regressions` (while `use_regression_fields` is on, BMO's default); as extras (`_extra` or by name)
 * `triage_owner`, `counts`, `attachments`, `comments`, `history`, `description`, `filed_via` and
 * `last_change_time_non_bot`.
 */
export async function bmoBugFields(
  bug: Bug,
  store: Store,
  caller: User | undefined,
  fields: FieldSelection,
  shapes: ObjectShapes,
  context: BmoBugContext,
): Promise<Json> {
  const f = bug.fields;
  const parameters = store.instance.parameters;
  const json: Json = {};
  const wanted = (name: string, type: 'default' | 'extra') =>
    (type === 'default' ? shapes.bugDefaultFields : shapes.bugExtraFields).includes(name as never) &&
    fields.wants(name, type);
  const insider = isInsider(caller, parameters);
  if (wanted('type', 'default')) json.type = f.bug_type ?? parameters.default_bug_type ?? 'defect';
  const duplicates =
    wanted('duplicates', 'default') || wanted('counts', 'extra') ? await store.duplicatesOf(bug.id) : [];
  if (wanted('duplicates', 'default')) json.duplicates = duplicates;
  if (wanted('mentors', 'default')) {
    const mentors = await logins(store, f.mentors ?? []);
    json.mentors = mentors.map((user) => user.login);
    json.mentors_detail = mentors.map((user) => context.detail(user, 'mentors'));
  }
  const comments =
    wanted('comment_count', 'default') ||
    wanted('comments', 'extra') ||
    wanted('counts', 'extra') ||
    wanted('description', 'extra')
      ? await store.commentsOf(bug.id)
      : [];
  if (wanted('comment_count', 'default')) json.comment_count = comments.length;
  if (parameters.use_regression_fields !== '0') {
    if (wanted('regressed_by', 'default')) json.regressed_by = [...(f.regressed_by ?? [])];
    if (wanted('regressions', 'default')) json.regressions = [...(f.regresses ?? [])];
  }
  if (wanted('triage_owner', 'extra')) {
    const component = store.catalogue.product(f.product)?.components.find((one) => one.name === f.component);
    const owner = component?.triageOwner == null ? undefined : await store.userById(component.triageOwner);
    json.triage_owner = owner?.login ?? '';
    if (owner) json.triage_owner_detail = context.detail(owner, 'triage_owner');
  }
  const attachments =
    wanted('attachments', 'extra') || wanted('counts', 'extra') ? await store.attachmentsOf(bug.id) : [];
  if (wanted('counts', 'extra')) json.counts = bugCounts(bug, { insider }, comments, attachments, duplicates.length);
  await addThreads(json, bug, store, caller, fields, shapes, context, { wanted, insider, comments, attachments });
  if (wanted('description', 'extra')) {
    const first = comments[0];
    json.description = first && (!first.isPrivate || insider) ? first.text : '';
  }
  if (wanted('filed_via', 'extra')) json.filed_via = f.filed_via ?? 'unknown';
  if (wanted('last_change_time_non_bot', 'extra')) {
    const at = await lastChangeNonBot(bug, store);
    json.last_change_time_non_bot = at === null ? null : context.time(at);
  }
  if (shapes.deadline === 'time-trackers' && isTimeTracker(caller, parameters) && fields.wants('deadline')) {
    json.deadline = f.deadline ?? null;
  }
  return json;
}

interface Fetched {
  wanted: (name: string, type: 'default' | 'extra') => boolean;
  insider: boolean;
  comments: readonly Comment[];
  attachments: readonly Attachment[];
}

/** BMO's Bug.get extras `attachments`, `comments` and `history` (the last two after `new_since`). */
async function addThreads(
  json: Json,
  bug: Bug,
  store: Store,
  caller: User | undefined,
  fields: FieldSelection,
  shapes: ObjectShapes,
  context: BmoBugContext,
  { wanted, insider, comments, attachments }: Fetched,
): Promise<void> {
  if (wanted('attachments', 'extra')) {
    const inside = fields.inside('attachments');
    const shown = attachments.filter((attachment) => !attachment.isPrivate || insider);
    json.attachments = await Promise.all(
      shown.map((attachment) => bmoAttachmentJson(attachment, store, inside, context.detail)),
    );
  }
  if (wanted('comments', 'extra')) {
    const inside = fields.inside('comments');
    const shown: Json[] = [];
    for (const [count, comment] of comments.entries()) {
      if (comment.isPrivate && !insider) continue;
      if (context.newSince !== null && comment.time <= context.newSince) continue;
      shown.push(await commentJson(comment, count, store, inside, shapes.commentExtras));
    }
    json.comments = shown;
  }
  if (wanted('history', 'extra')) {
    json.history = await historyEntries(
      bug.id,
      store,
      historyViewer(caller, store.instance.parameters),
      context.newSince,
      shapes.historyComment,
    );
  }
}
