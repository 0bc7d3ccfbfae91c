import { checkDeadline, checkHours, hoursText } from './time-tracking.js';
import type { UpdateContext } from './update-context.js';
import { has } from './update-params.js';
import type { WorkingBug } from './working-bug.js';

/** deadline, estimated_time, remaining_time (in `changes`) and work_time (history only, added to actual_time). */
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
  if (has(params, 'work_time')) {
    const { hours, text } = checkHours('work_time', params.work_time);
    if (hours === 0) return;
    plan.checkChange(working, 'work_time', '0', text);
    working.activityOnly.push({ field_name: 'work_time', removed: '', added: text });
    fields.actual_time = (fields.actual_time ?? 0) + hours;
  }
}
