import type { ResponseOf } from '@bz-companion/shared';
import { canSeeComment, isInsider, isTimeTracker } from '../../bugzilla/access.js';
import { attachmentCommentText } from '../../bugzilla/attachment/attachment.js';
import { lastChangeNonBot } from '../../bugzilla/bug/bmo-non-bot.js';
import { columnTime } from '../../bugzilla/column-time.js';
import type { CustomField } from '../../bugzilla/field/custom-field.js';
import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import { customValue } from '../../bugzilla/field/custom-values.js';
import { trackingFlagShownOn } from '../../bugzilla/field/tracking-flag.js';
import { isMember } from '../../bugzilla/group/membership.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Bug, BugFlag, Comment, User } from '../../bugzilla/types.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';

export type BugHash = ResponseOf<'GET /rest/search/needinfo_last_seen'>['result'][number];
type Hash = Record<string, unknown>;
/** One of to_hash's extras: its name and how to read it. */
type Extra = [string, () => unknown];

/** BMO's Bugzilla::User to_hash, for a logged-in caller (the routes that use it require one): with `name` and `email`. */
const userHash = (user: User) => ({
  id: user.id,
  real_name: user.realName,
  nick: nickOf(user),
  name: user.login,
  email: user.login,
});

const flagTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** A custom field as `$bug->$name` reads its column: a date/time as MySQL shows it, a multi-select as its list. */
function columnValue(field: CustomField, bug: Bug): unknown {
  const value = customValue(bug.fields, field);
  if (value === null) return null;
  if (field.type === FIELD_TYPE.datetime) return columnTime(value as number);
  if (field.type === FIELD_TYPE.multiSelect) return [...(value as readonly string[])];
  if (field.type === FIELD_TYPE.bugId) return value;
  return String(value);
}

/** The fields to_hash always gives. */
function ownFields(bug: Bug, store: Store): BugHash {
  const f = bug.fields;
  return {
    alias: bug.aliases[0] ?? null,
    id: bug.id,
    is_confirmed: f.is_confirmed ? 1 : 0,
    op_sys: f.op_sys,
    platform: f.platform,
    priority: f.priority,
    resolution: f.resolution,
    severity: f.severity,
    status: f.status,
    summary: f.summary,
    target_milestone: f.target_milestone,
    type: f.bug_type ?? store.instance.parameters.default_bug_type ?? 'defect',
    url: f.url,
    version: f.version,
    whiteboard: f.whiteboard,
  };
}

/**
 * BMO's Bugzilla::Bug to_hash (Bugzilla/Bug.pm), as its SearchAPI routes answer a bug: the bug's own
 * fields always, and each extra `wanted` names. Users are looked up once per answer (`users`).
 */
export class BugHasher {
  readonly #users = new Map<string, Promise<User | undefined>>();
  readonly #insider: boolean;
  readonly #timeTracker: boolean;

  constructor(
    private readonly store: Store,
    private readonly caller: User,
    private readonly wanted: ReadonlySet<string>,
  ) {
    const parameters = store.instance.parameters;
    this.#insider = isInsider(caller, parameters);
    this.#timeTracker = isTimeTracker(caller, parameters);
  }

  #byId(id: number): Promise<User | undefined> {
    const key = `#${id}`;
    let found = this.#users.get(key);
    if (found === undefined) {
      found = Promise.resolve(this.store.userById(id));
      this.#users.set(key, found);
    }
    return found;
  }

  #byLogin(login: string): Promise<User | undefined> {
    const key = login.toLowerCase();
    let found = this.#users.get(key);
    if (found === undefined) {
      found = Promise.resolve(this.store.userByLogin(login));
      this.#users.set(key, found);
    }
    return found;
  }

  async #person(id: number | null | undefined) {
    const user = id === null || id === undefined ? undefined : await this.#byId(id);
    return user && userHash(user);
  }

  async #flagHash(flag: BugFlag): Promise<Hash> {
    const out: Hash = {
      id: flag.id,
      name: flag.name,
      type_id: flag.type_id,
      creation_date: flagTime(flag.creation_date),
      modification_date: flagTime(flag.modification_date),
      status: flag.status,
    };
    const setter = await this.#byLogin(flag.setter);
    if (setter) out.setter = userHash(setter);
    const requestee = flag.requestee ? await this.#byLogin(flag.requestee) : undefined;
    if (requestee) out.requestee = userHash(requestee);
    return out;
  }

  /** Bugzilla::Comment to_hash: the rendered text (an attachment's comment as shown), its column time. */
  async #commentHash(comment: Comment): Promise<Hash> {
    const attachmentId = comment.extraData === undefined ? null : Number(comment.extraData);
    let text = comment.text;
    if (comment.type !== undefined && attachmentId !== null) {
      const attachment = await this.store.attachmentById(attachmentId);
      text = attachmentCommentText(comment.type, attachmentId, attachment?.description ?? '', comment.text);
    }
    const hash: Hash = {
      id: comment.id,
      bug_id: comment.bugId,
      creator: await this.#person(comment.author),
      creation_time: columnTime(comment.time),
      is_private: comment.isPrivate ? 1 : 0,
      text,
      attachment_id: attachmentId,
    };
    if ((this.store.instance.parameters.comment_taggers_group ?? '') !== '') hash.tags = [...(comment.tags ?? [])];
    return hash;
  }

  async hash(bug: Bug): Promise<BugHash> {
    const hash = ownFields(bug, this.store);
    const comments =
      this.wanted.has('comments') || this.wanted.has('description') ? await this.store.commentsOf(bug.id) : [];
    for (const [name, value] of [...this.#earlyExtras(bug, comments), ...this.#lateExtras(bug)]) {
      if (!this.wanted.has(name)) continue;
      // A value left undefined (no QA contact, no triage owner) is no member at all.
      const shown = await value();
      if (shown !== undefined) hash[name] = shown;
    }
    return hash;
  }

  /** to_hash's extras up to `flags`, in its order. */
  #earlyExtras(bug: Bug, comments: readonly Comment[]): Extra[] {
    const { store } = this;
    const f = bug.fields;
    const seen = comments.filter((one) => canSeeComment(this.#insider, one));
    return [
      ['assignee', () => this.#person(bug.assignedTo)],
      ['blocks', () => [...f.blocks]],
      ['classification', () => f.classification],
      ['comments', () => Promise.all(seen.map((one) => this.#commentHash(one)))],
      ['component', () => f.component],
      ['cc', () => this.#cc(bug)],
      ['creation_time', () => columnTime(f.creation_time)],
      ['creator', () => this.#person(bug.reporter)],
      ['depends_on', () => [...f.depends_on]],
      ['description', () => (comments[0] && canSeeComment(this.#insider, comments[0]) ? comments[0].text : '')],
      ['dupe_of', () => f.dupe_of],
      ['groups', () => this.#groups(bug)],
      ['is_open', () => (store.catalogue.isOpen(f.status) ? 1 : 0)],
      ['keywords', () => [...f.keywords]],
      ['last_change_time', () => columnTime(f.last_change_time)],
      [
        'last_change_time_non_bot',
        () => lastChangeNonBot(bug, store).then((at) => (at === null ? null : columnTime(at))),
      ],
      ['product', () => f.product],
      ['qa_contact', () => this.#person(bug.qaContact)],
      ['triage_owner', () => this.#triageOwner(bug)],
      ['see_also', () => [...f.see_also]],
      ['flags', () => Promise.all(f.flags.map((flag) => this.#flagHash(flag)))],
    ];
  }

  /** The rest: regressions, custom fields, time tracking, accessibility, mentors. */
  #lateExtras(bug: Bug): Extra[] {
    const { store } = this;
    const f = bug.fields;
    const extras: Extra[] = [];
    if (store.instance.parameters.use_regression_fields !== '0') {
      extras.push(['regressed_by', () => [...(f.regressed_by ?? [])]], ['regressions', () => [...(f.regresses ?? [])]]);
    }
    // BMO's active_custom_fields for the bug's product and component: tracking flags only where shown.
    for (const field of store.catalogue.activeCustomFields()) {
      if (field.tracking && !trackingFlagShownOn(field.tracking, store.catalogue, f)) continue;
      extras.push([field.name, () => columnValue(field, bug)]);
    }
    if (this.#timeTracker) {
      extras.push(
        ['estimated_time', () => f.estimated_time ?? 0],
        ['remaining_time', () => f.remaining_time ?? 0],
        ['deadline', () => f.deadline ?? null],
        ['actual_time', () => f.actual_time ?? 0],
      );
    }
    extras.push(
      ['is_cc_accessible', () => (bug.cclistAccessible ? 1 : 0)],
      ['is_creator_accessible', () => (bug.reporterAccessible ? 1 : 0)],
      ['mentors', async () => (await Promise.all((f.mentors ?? []).map((id) => this.#person(id)))).filter(Boolean)],
    );
    return extras;
  }

  /** The CC list by login, as User->new_from_list orders it. */
  async #cc(bug: Bug) {
    const users = (await Promise.all(bug.cc.map((id) => this.#byId(id)))).filter((user) => user !== undefined);
    return users.sort((a, b) => (a.login < b.login ? -1 : a.login > b.login ? 1 : 0)).map(userHash);
  }

  /** The bug's groups the caller is in, by name (Group->new_from_list's order), as Bugzilla::Group to_hash. */
  #groups(bug: Bug): Hash[] {
    const { catalogue } = this.store;
    return [...bug.groups]
      .flatMap((name) => {
        const group = catalogue.group(name);
        // $user->in_group: a user regexp's grant is membership too.
        return group && isMember(this.caller, group) ? [group] : [];
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((group) => ({
        id: group.id,
        name: group.name,
        description: group.description,
        is_active: group.isActive ? 1 : 0,
      }));
  }

  /** The component's triage owner, when it has one. */
  async #triageOwner(bug: Bug) {
    const { product, component } = bug.fields;
    const owner = this.store.catalogue.product(product)?.components.find((one) => one.name === component)?.triageOwner;
    return this.#person(owner);
  }
}
