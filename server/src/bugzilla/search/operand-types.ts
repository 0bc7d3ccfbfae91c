import { TYPE } from './search-fields.js';
import type { BugColumn, Operand, Relation } from './search-term.js';

/** What SQL type an operand has: how a literal compared with it is read, and how it reads as text. */
export type OperandType = 'text' | 'integer' | 'numeric' | 'timestamp' | 'date';

const BUG_COLUMN_TYPES: Readonly<Partial<Record<BugColumn, OperandType>>> = {
  bug_id: 'integer',
  everconfirmed: 'integer',
  reporter_accessible: 'integer',
  cclist_accessible: 'integer',
  estimated_time: 'numeric',
  remaining_time: 'numeric',
  creation_ts: 'timestamp',
  delta_ts: 'timestamp',
  deadline: 'timestamp',
  assigned_to: 'integer',
  reporter: 'integer',
  qa_contact: 'integer',
  days_elapsed: 'integer',
  actual_time: 'numeric',
  percentage_complete: 'numeric',
  comment_count: 'integer',
  public_comment_count: 'integer',
  last_visit_ts: 'timestamp',
};

/** The columns of each relation's rows that are not text. */
const ROW_TYPES: Readonly<Partial<Record<Relation, Readonly<Record<string, OperandType>>>>> = {
  cc: { who: 'integer' },
  comments: {
    comment_id: 'integer',
    who: 'integer',
    bug_when: 'timestamp',
    isprivate: 'integer',
    type: 'integer',
    work_time: 'numeric',
  },
  activity: { who: 'integer', bug_when: 'timestamp', attach_private: 'integer' },
  flags: { setter_id: 'integer', requestee_id: 'integer', attach_private: 'integer', on_attachment: 'integer' },
  attachments: { ispatch: 'integer', isobsolete: 'integer', isprivate: 'integer', submitter_id: 'integer' },
  blocked: { id: 'integer' },
  dependson: { id: 'integer' },
  tags: { own_tag: 'integer' },
  comment_tags: { isprivate: 'integer' },
};

/** A custom field's column type. */
function customType(type: number): OperandType {
  if (type === TYPE.bugId || type === TYPE.integer) return 'integer';
  if (type === TYPE.datetime) return 'timestamp';
  if (type === TYPE.date) return 'date';
  return 'text';
}

/** The type of an operand; a row's column is typed by the relation it is a row of. */
export function operandType(
  operand: Operand,
  relationOf: (alias: string | undefined) => Relation | undefined,
): OperandType {
  switch (operand.kind) {
    case 'bug':
      return BUG_COLUMN_TYPES[operand.column] ?? 'text';
    case 'custom':
      return customType(operand.type);
    case 'row': {
      const relation = relationOf(operand.alias);
      return (relation && ROW_TYPES[relation]?.[operand.column]) ?? 'text';
    }
    case 'member':
      return 'integer';
    case 'coalesce':
      return operandType(operand.of, relationOf);
    case 'user':
    case 'dateText':
    case 'untilAt':
      return 'text';
  }
}
