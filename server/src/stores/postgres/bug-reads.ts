import type pg from 'pg';
import { isStorableId } from '../../bugzilla/ids.js';
import type { Bug, Comment } from '../../bugzilla/types.js';
import type { Database } from './database.js';
import { type BugRow, bugFromRow, COMMENT_ORDER } from './rows.js';

/** What differs between the two PostgreSQL stores' reads of bugs and comments. */
export interface BugReadSql<CommentRow> {
  /** The select list of a bug row, over `b` (bugs) and whatever `bugsFrom` joins. */
  bugColumns: string;
  /** `bugs b` and any joins the columns need. */
  bugsFrom: string;
  /** The select list of a comment row, over `l` (longdescs). */
  commentColumns: string;
  commentFromRow: (row: CommentRow) => Comment;
}

/**
 * The reads of bugs and comments that both PostgreSQL stores make: the same
 * statements over Bugzilla's table names. Ours keeps a bug's fields in
 * `bzc_fields`; a Bugzilla database spreads them over its own columns and
 * joined tables, and renders some comments from their type. Only that differs.
 */
export class BugReads<CommentRow extends pg.QueryResultRow> {
  readonly #db: Database;
  readonly #sql: BugReadSql<CommentRow>;

  constructor(db: Database, sql: BugReadSql<CommentRow>) {
    this.#db = db;
    this.#sql = sql;
  }

  /** What a bug row is selected as, and from (a search selects the same rows). */
  get rowSql(): { bugColumns: string; bugsFrom: string } {
    return { bugColumns: this.#sql.bugColumns, bugsFrom: this.#sql.bugsFrom };
  }

  /** Aliases match without regard to letter case, as the file store's do. */
  async bugByAlias(alias: string): Promise<Bug | undefined> {
    const { bugColumns, bugsFrom } = this.#sql;
    const [row] = await this.#db.query<BugRow>(
      `SELECT ${bugColumns} FROM ${bugsFrom} JOIN bugs_aliases a ON a.bug_id = b.bug_id WHERE lower(a.alias) = lower($1)`,
      [alias],
    );
    return row && bugFromRow(row);
  }

  async commentById(id: number): Promise<Comment | undefined> {
    // An id no INTEGER column can hold names nothing (and must never reach PostgreSQL: a 22003).
    if (!isStorableId(id)) return undefined;
    const { commentColumns, commentFromRow } = this.#sql;
    const [row] = await this.#db.query<CommentRow>(
      `SELECT ${commentColumns} FROM longdescs l WHERE l.comment_id = $1`,
      [id],
    );
    return row && commentFromRow(row);
  }

  async commentsOf(bugId: number): Promise<Comment[]> {
    const { commentColumns, commentFromRow } = this.#sql;
    const rows = await this.#db.query<CommentRow>(
      `SELECT ${commentColumns} FROM longdescs l WHERE l.bug_id = $1 ${COMMENT_ORDER}`,
      [bugId],
    );
    return rows.map(commentFromRow);
  }
}
