import type { AuthMode } from '@bz-companion/shared';
import type { Tracker } from '../common/trackers.js';
import { rawRequest } from './raw-request.js';

/** Where a bug of one status may go, as the tracker's workflow says (Bug.fields' `can_change_to`). */
export interface Transition {
  to: string;
  /** The tracker wants a comment with this change. */
  commentRequired: boolean;
}

/** A tracker's bug workflow: the statuses, each one's moves, which are closed (they need a resolution), the resolutions. */
export interface Workflow {
  statuses: string[];
  moves: Record<string, Transition[]>;
  closed: string[];
  resolutions: string[];
}

interface FieldValue {
  name?: unknown;
  is_open?: unknown;
  can_change_to?: Array<{ name?: unknown; comment_required?: unknown }> | null;
}

const names = (values: readonly FieldValue[]) =>
  values.flatMap((value) => (typeof value.name === 'string' && value.name !== '' ? [value.name] : []));

/** A workflow from Bug.fields' answer for `bug_status` and `resolution`. */
function workflowOf(fields: ReadonlyArray<{ name?: unknown; values?: FieldValue[] }>): Workflow {
  const statusValues = fields.find((field) => field.name === 'bug_status')?.values ?? [];
  const moves: Record<string, Transition[]> = {};
  for (const value of statusValues) {
    if (typeof value.name !== 'string' || value.name === '') continue;
    moves[value.name] = (value.can_change_to ?? []).flatMap((move) =>
      typeof move.name === 'string' ? [{ to: move.name, commentRequired: move.comment_required === true }] : [],
    );
  }
  return {
    statuses: names(statusValues),
    moves,
    closed: names(statusValues.filter((value) => value.is_open === false)),
    resolutions: names(fields.find((field) => field.name === 'resolution')?.values ?? []),
  };
}

/**
 * The tracker's workflow, read with Bug.fields (`GET /rest/field/bug?names=bug_status&names=resolution`).
 * Read here rather than through the shared client: its schema refuses the value every Bugzilla
 * lists first for `bug_status`, whose name is null (the statuses a new bug may start in).
 */
export async function readWorkflow(tracker: Tracker, authMode: AuthMode, fetchImpl: typeof fetch): Promise<Workflow> {
  const answer = (await rawRequest(tracker, authMode, fetchImpl, {
    method: 'GET',
    path: 'field/bug',
    query: [
      ['names', 'bug_status'],
      ['names', 'resolution'],
    ],
  })) as { fields?: Array<{ name?: unknown; values?: FieldValue[] }> };
  return workflowOf(answer.fields ?? []);
}
