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

type BugText = Exclude<TextColumn, 'comments'>;
const BUG_TEXTS: readonly BugText[] = ['short_desc', 'status_whiteboard', 'bug_file_loc', 'aliases'];
const KEYED_RELATIONS = Object.keys(ROW_KEYS) as KeyedRelation[];

function textOf(bug: Bug, column: BugText): string {
  if (column === 'short_desc') return bug.fields.summary;
  if (column === 'status_whiteboard') return bug.fields.whiteboard;
  if (column === 'bug_file_loc') return bug.fields.url;
  return bug.aliases.join(' ');
}

/** The bug's texts and their words, the unchanged ones kept as they were indexed. */
function textsOf(bug: Bug, old: Indexed | undefined): Indexed['texts'] {
  const texts = {} as Indexed['texts'];
  for (const column of BUG_TEXTS) {
    const text = textOf(bug, column);
    const before = old?.texts[column];
    texts[column] = before !== undefined && before.text === text ? before : { text, words: tokensOf(text) };
  }
  return texts;
}

/** What a bug was indexed under, so that a later version of it (or its in-place change) moves it. */
interface Indexed {
  values: Record<ValueColumn, Key | null>;
  rows: Record<KeyedRelation, Key[]>;
  /** Each text as indexed, and its words: an unchanged text is not split into words again. */
  texts: Record<BugText, { text: string; words: Set<string> }>;
  dupeOf: number | null;
}

/**
 * The model's indexes for searches: every bug by id, by each value column, by the keys of its rows, by
 * the words of its texts, by the days it was created and last changed. Kept current by the model as
 * bugs and comments change.
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
  /** Each bug's duplicates (the bugs whose dupe_of it is), which BMO's Bug.get lists with every bug. */
  readonly #duplicates = new Map<number, IdSet>();

  clear(): void {
    this.#duplicates.clear();
    this.all.clear();
    for (const index of this.#values.values()) index.clear();
    for (const index of this.#rows.values()) index.clear();
    for (const index of this.#texts.values()) index.clear();
    this.created.clear();
    this.changed.clear();
    this.#indexed.clear();
  }

  /**
   * Indexes the bug as it is now (after it was added, replaced or changed in place), moving it only
   * under the keys that changed: a large set's add or delete moves its tail, so a write touches the
   * few sets its change concerns, not every set the bug is in.
   */
  put(bug: Bug, attachmentFlags: readonly BugFlag[]): void {
    const old = this.#indexed.get(bug.id);
    const indexed: Indexed = {
      values: valuesOf(bug),
      rows: rowKeysOf(bug, attachmentFlags),
      texts: textsOf(bug, old),
      dupeOf: bug.fields.dupe_of,
    };
    this.#indexed.set(bug.id, indexed);
    this.all.add(bug.id);
    for (const column of VALUE_COLUMNS) {
      const before = old === undefined ? null : old.values[column];
      const now = indexed.values[column];
      if (before === now) continue;
      const index = this.#values.get(column) as Map<Key, IdSet>;
      if (before !== null) index.get(before)?.delete(bug.id);
      if (now !== null) keyed(index, now).add(bug.id);
    }
    for (const relation of KEYED_RELATIONS) {
      const index = this.#rows.get(relation) as Map<Key, IdSet>;
      const before = old === undefined ? [] : old.rows[relation];
      const now = indexed.rows[relation];
      for (const key of before) if (!now.includes(key)) index.get(key)?.delete(bug.id);
      for (const key of now) if (!before.includes(key)) keyed(index, key).add(bug.id);
    }
    for (const column of BUG_TEXTS) {
      const before = old?.texts[column];
      const now = indexed.texts[column];
      if (before !== now) (this.#texts.get(column) as TokenIndex).move(bug.id, before?.words, now.words);
    }
    const dupeOfBefore = old === undefined ? null : old.dupeOf;
    if (dupeOfBefore !== indexed.dupeOf) {
      if (dupeOfBefore !== null) this.#duplicates.get(dupeOfBefore)?.delete(bug.id);
      if (indexed.dupeOf !== null) keyed(this.#duplicates, indexed.dupeOf).add(bug.id);
    }
    this.created.set(bug.id, bug.fields.creation_time);
    this.changed.set(bug.id, bug.fields.last_change_time);
  }

  /** A comment's words (comments are never removed but by a reset, so neither are their words). */
  addComment(comment: Comment): void {
    (this.#texts.get('comments') as TokenIndex).add(comment.bugId, tokensOf(comment.text));
  }

  /** The value column's keys (its distinct values), each with its bugs. */
  values(column: ValueColumn): ReadonlyMap<Key, IdSet> {
    return this.#values.get(column) as Map<Key, IdSet>;
  }

  rowKeys(relation: KeyedRelation): ReadonlyMap<Key, IdSet> {
    return this.#rows.get(relation) as Map<Key, IdSet>;
  }

  /** The bugs marked duplicates of `bugId`, in id order: a copy. */
  duplicatesOf(bugId: number): number[] {
    const ids = this.#duplicates.get(bugId);
    return ids === undefined ? [] : Array.from(ids.ids());
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
