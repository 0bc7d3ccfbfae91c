import { checkDeadline, checkHours, hoursText } from './time-tracking.js';
import type { UpdateContext } from './update-context.js';
import { has } from './update-params.js';
import type { WorkingBug } from './working-bug.js';

/** deadline, estimated_time and remaining_time (5.2's set_deadline, set_estimated_time, set_remaining_time); work_time goes with the comment (update-comments.ts). */
export function setTimeTracking(plan: UpdateContext, working: WorkingBug): void {
  const { params } = plan.command;
  const { fields } = working.bug;
  if (has(params, 'deadline')) {
    const value = checkDeadline(params.deadline);
    const old = fields.deadline ?? '';
    plan.checkChange(working, 'deadline', old, value ?? '');
    working.record('deadline', old, value ?? '');
    fields.deadline = value;
  }
  for (const field of ['estimated_time', 'remaining_time'] as const) {
    if (!has(params, field)) continue;
    const { hours, text } = checkHours(field, params[field]);
    if (hours === (fields[field] ?? 0)) continue;
    plan.checkChange(working, field, hoursText(fields[field]), text);
    working.record(field, hoursText(fields[field]), text);
    fields[field] = hours;
  }
}
