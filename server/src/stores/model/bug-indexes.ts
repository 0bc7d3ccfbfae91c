import type { Bug, BugFlag, Comment } from '../../bugzilla/types.js';
import { DayIndex } from './day-index.js';
import { IdSet, type Ids, unionIds } from './id-set.js';
import { TokenIndex, tokensOf } from './token-index.js';

/** The columns whose every value is a key of its own (few distinct values, or users). */
export const VALUE_COLUMNS = [
  'product',
  'component',
  'classification',
  'bug_status',
  'resolution',
  'priority',
  'bug_severity',
  'version',
  'op_sys',
  'rep_platform',
  'target_milestone',
  'assigned_to',
  'reporter',
  'qa_contact',
] as const;
export type ValueColumn = (typeof VALUE_COLUMNS)[number];

/** The relations whose rows are one key each (a CC's id, a keyword, a group, a flag's name and status, an alias). */
export const ROW_KEYS = { cc: 'who', keywords: 'name', groups: 'name', flags: 'name', aliases: 'alias' } as const;
export type KeyedRelation = keyof typeof ROW_KEYS;

const TEXT_COLUMNS = ['short_desc', 'status_whiteboard', 'bug_file_loc', 'aliases', 'comments'] as const;
export type TextColumn = (typeof TEXT_COLUMNS)[number];

type Key = string | number;

function valuesOf(bug: Bug): Record<ValueColumn, Key | null> {
  const { fields } = bug;
  return {
    product: fields.product,
    component: fields.component,
    classification: fields.classification,
    bug_status: fields.status,
    resolution: fields.resolution,
    priority: fields.priority,
    bug_severity: fields.severity,
    version: fields.version,
    op_sys: fields.op_sys,
    rep_platform: fields.platform,
    target_milestone: fields.target_milestone,
    assigned_to: bug.assignedTo,
    reporter: bug.reporter,
    qa_contact: bug.qaContact,
  };
}

function rowKeysOf(bug: Bug, attachmentFlags: readonly BugFlag[]): Record<KeyedRelation, Key[]> {
  const flagNames = [...bug.fields.flags, ...attachmentFlags].map((flag) => `${flag.name}${flag.status}`);
  return {
    cc: [...bug.cc],
    keywords: [...bug.fields.keywords],
    groups: [...bug.groups],
    flags: [...new Set(flagNames)],
    aliases: [...bug.aliases],
  };
}

/** What a bug was indexed under, so that a later version of it (or its in-place change) moves it. */
interface Indexed {
  values: Record<ValueColumn, Key | null>;
  rows: Record<KeyedRelation, Key[]>;
  texts: Record<Exclude<TextColumn, 'comments'>, Set<string>>;
}

/**
 * The model's indexes for searches: every bug by id, by each value column, by the keys of its rows, by
 * the words of its texts, by the days it was created and last changed; and each user's last comment
 * and change (owner_idle_time). Kept current by the model as bugs, comments and history change.
 */
export class BugIndexes {
  readonly all = new IdSet(1024);
  readonly #values = new Map<ValueColumn, Map<Key, IdSet>>(VALUE_COLUMNS.map((column) => [column, new Map()]));
  readonly #rows = new Map<KeyedRelation, Map<Key, IdSet>>(
    (Object.keys(ROW_KEYS) as KeyedRelation[]).map((relation) => [relation, new Map()]),
  );
  readonly #texts = new Map<TextColumn, TokenIndex>(TEXT_COLUMNS.map((column) => [column, new TokenIndex()]));
  readonly created = new DayIndex();
  readonly changed = new DayIndex();
  readonly #indexed = new Map<number, Indexed>();
  readonly lastComment = new Map<number, number>();
  readonly lastChange = new Map<number, number>();

  clear(): void {
    this.all.clear();
    for (const index of this.#values.values()) index.clear();
    for (const index of this.#rows.values()) index.clear();
    for (const index of this.#texts.values()) index.clear();
    this.created.clear();
    this.changed.clear();
    this.#indexed.clear();
    this.lastComment.clear();
    this.lastChange.clear();
  }

  /** Indexes the bug as it is now (after it was added, replaced or changed in place). */
  put(bug: Bug, attachmentFlags: readonly BugFlag[]): void {
    this.#unindex(bug.id);
    const indexed: Indexed = {
      values: valuesOf(bug),
      rows: rowKeysOf(bug, attachmentFlags),
      texts: {
        short_desc: tokensOf(bug.fields.summary),
        status_whiteboard: tokensOf(bug.fields.whiteboard),
        bug_file_loc: tokensOf(bug.fields.url),
        aliases: tokensOf(bug.aliases.join(' ')),
      },
    };
    this.#indexed.set(bug.id, indexed);
    this.all.add(bug.id);
    for (const column of VALUE_COLUMNS) {
      const value = indexed.values[column];
      if (value !== null) keyed(this.#values.get(column) as Map<Key, IdSet>, value).add(bug.id);
    }
    for (const relation of Object.keys(ROW_KEYS) as KeyedRelation[]) {
      const index = this.#rows.get(relation) as Map<Key, IdSet>;
      for (const key of indexed.rows[relation]) keyed(index, key).add(bug.id);
    }
    for (const column of ['short_desc', 'status_whiteboard', 'bug_file_loc', 'aliases'] as const) {
      (this.#texts.get(column) as TokenIndex).add(bug.id, indexed.texts[column]);
    }
    this.created.set(bug.id, bug.fields.creation_time);
    this.changed.set(bug.id, bug.fields.last_change_time);
  }

  #unindex(bugId: number): void {
    const old = this.#indexed.get(bugId);
    if (old === undefined) return;
    for (const column of VALUE_COLUMNS) {
      const value = old.values[column];
      if (value !== null) this.#values.get(column)?.get(value)?.delete(bugId);
    }
    for (const relation of Object.keys(ROW_KEYS) as KeyedRelation[]) {
      for (const key of old.rows[relation]) this.#rows.get(relation)?.get(key)?.delete(bugId);
    }
    for (const column of ['short_desc', 'status_whiteboard', 'bug_file_loc', 'aliases'] as const) {
      (this.#texts.get(column) as TokenIndex).remove(bugId, old.texts[column]);
    }
  }

  /** A comment's words (comments are never removed but by a reset, so neither are their words). */
  addComment(comment: Comment): void {
    (this.#texts.get('comments') as TokenIndex).add(comment.bugId, tokensOf(comment.text));
    this.lastComment.set(comment.author, Math.max(this.lastComment.get(comment.author) ?? 0, comment.time));
  }

  addChange(who: number, when: number): void {
    this.lastChange.set(who, Math.max(this.lastChange.get(who) ?? 0, when));
  }

  /** The value column's keys (its distinct values), each with its bugs. */
  values(column: ValueColumn): ReadonlyMap<Key, IdSet> {
    return this.#values.get(column) as Map<Key, IdSet>;
  }

  rowKeys(relation: KeyedRelation): ReadonlyMap<Key, IdSet> {
    return this.#rows.get(relation) as Map<Key, IdSet>;
  }

  text(column: TextColumn): TokenIndex {
    return this.#texts.get(column) as TokenIndex;
  }

  /** The bugs under any of the keys that `wanted` accepts. */
  static under(index: ReadonlyMap<Key, IdSet>, wanted: (key: Key) => boolean): Ids {
    const lists: Ids[] = [];
    for (const [key, ids] of index) if (ids.size > 0 && wanted(key)) lists.push(ids.ids());
    return lists.length === 0 ? [] : unionIds(lists);
  }
}

function keyed(index: Map<Key, IdSet>, key: Key): IdSet {
  let ids = index.get(key);
  if (ids === undefined) {
    ids = new IdSet();
    index.set(key, ids);
  }
  return ids;
}
