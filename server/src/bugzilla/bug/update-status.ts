import { checkResolution, checkStatus, scalarText } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import { checkDupeOf, markDuplicate } from './update-duplicate.js';
import { has } from './update-params.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** The workflow: status, resolution and duplicates, as 5.2's set_bug_status, set_resolution and set_dup_id. */
export function setStatus(plan: UpdateContext, working: WorkingBug): void {
  const { params, catalogue, parameters } = plan.command;
  const { fields } = working.bug;
  const oldStatus = fields.status;
  const oldResolution = fields.resolution;
  const givenStatus = has(params, 'status') ? (scalarText(params.status) ?? '') : undefined;
  // An empty or null status is object_not_specified (Bugzilla::Status->check): 50.
  if (givenStatus === '') throw writeErrors.required('status');
  const givenResolution = has(params, 'resolution') ? (scalarText(params.resolution) ?? '') : undefined;
  let status = givenStatus ? checkStatus(catalogue, givenStatus) : oldStatus;
  let resolution = givenResolution ? checkResolution(catalogue, givenResolution) : fields.resolution;
  let dupeOf = fields.dupe_of;
  // With a status or resolution, set_resolution takes dupe_of only when it has a value (else 119 below);
  // alone, set_dup_id checks it (50 for none).
  const dupeGiven =
    has(params, 'dupe_of') &&
    ((scalarText(params.dupe_of) ?? '') !== '' || (givenStatus === undefined && givenResolution === undefined));
  if (status !== oldStatus) checkTransition(plan, working, oldStatus, status);
  const open = catalogue.isOpen(status);
  if (open) {
    if (givenResolution) throw writeErrors.resolutionNotAllowed();
    // Reopening clears the resolution (and the duplicate).
    resolution = '';
    dupeOf = null;
  } else if ((givenResolution === '' || resolution === '') && !(dupeGiven && givenResolution === undefined)) {
    throw writeErrors.missingResolution(status);
  }
  if (dupeGiven) {
    dupeOf = checkDupeOf(plan, working, params.dupe_of);
    if (resolution !== 'DUPLICATE') {
      const duplicateStatus = parameters.duplicate_or_move_bug_status || 'RESOLVED';
      if (open && status !== duplicateStatus) checkTransition(plan, working, status, duplicateStatus);
      status = duplicateStatus;
      resolution = 'DUPLICATE';
    }
  } else if (resolution === 'DUPLICATE' && dupeOf === null && !open) {
    throw writeErrors.dupeIdRequired();
  }
  if (resolution !== 'DUPLICATE') dupeOf = null;
  if (resolution !== oldResolution && parameters.commentonchange_resolution === '1' && !working.commented) {
    throw writeErrors.commentRequiredFor('resolution', oldResolution, resolution);
  }
  recordStatus(plan, working, status, resolution, dupeOf);
}

/** 5.2's check_can_change_field on bug_status beside the workflow's transitions (and a product without UNCONFIRMED). */
function checkTransition(plan: UpdateContext, working: WorkingBug, from: string, to: string): void {
  const { catalogue } = plan.command;
  const product = catalogue.product(working.bug.fields.product);
  const permitted =
    catalogue.transitionsFrom(from).includes(to) &&
    !(to === 'UNCONFIRMED' && product && !product.allowsUnconfirmed) &&
    plan.mayChange(working, 'bug_status', from, to);
  if (!permitted) throw writeErrors.illegalTransition(from, to);
}

function recordStatus(
  plan: UpdateContext,
  working: WorkingBug,
  status: string,
  resolution: string,
  dupeOf: number | null,
): void {
  const { catalogue } = plan.command;
  const { fields } = working.bug;
  if (status !== fields.status) {
    working.record('bug_status', fields.status, status);
    fields.status = status;
    if (!fields.is_confirmed && status !== 'UNCONFIRMED' && catalogue.isOpen(status)) {
      working.record('everconfirmed', '0', '1');
      fields.is_confirmed = true;
    }
  }
  if (resolution !== fields.resolution) {
    working.record('resolution', fields.resolution, resolution);
    fields.resolution = resolution;
  }
  if (dupeOf !== fields.dupe_of) {
    const text = (id: number | null) => (id === null ? '' : String(id));
    working.record('dup_id', text(fields.dupe_of), text(dupeOf));
    fields.dupe_of = dupeOf;
    if (dupeOf !== null) markDuplicate(plan, working, dupeOf);
  }
}
