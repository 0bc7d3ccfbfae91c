import type { Catalogue } from '../catalogue/catalogue.js';
import { flagErrors } from '../flag/flag-errors.js';
import {
  type FlagPlan,
  type FlagRequest,
  type FlagSetting,
  flagTypesOf,
  planFlags,
  resolve,
} from '../flag/flag-rules.js';
import type { Bug, BugFlag, User } from '../types.js';

/** An attachment's flags after a change: new ones have id 0 until the store numbers them. */
export interface AttachmentFlagChange {
  flags: BugFlag[];
  /** The `flagtypes.name` history row (on the attachment), or null when no summary changed. */
  change: FlagPlan['change'];
  /** Requestees newly asked, whom 5.2 adds to the bug's CC (their `requestee_cc` default). */
  addCc: number[];
}

/** A `flags` parameter as 5.2's extract_flags takes it: a list (else it dies), items that are not hashes name nothing. */
export function flagRequests(given: unknown): FlagRequest[] {
  if (!Array.isArray(given)) throw flagErrors.notAList();
  return given.map((item) => (item !== null && typeof item === 'object' ? (item as FlagRequest) : {}));
}

/**
 * Sets an attachment's flags as 5.2's Attachment->set_flags does, with the attachment flag types
 * of its bug's product and component; refusals (5.2's codes and texts) are thrown before anything is decided.
 */
export function planAttachmentFlags(
  requests: readonly FlagRequest[],
  attachment: { id: number; isPrivate: boolean; flags: readonly BugFlag[] },
  bug: Bug,
  setting: FlagSetting,
): AttachmentFlagChange {
  const plan = planFlags(
    requests,
    { bug, attachment: { id: attachment.id, isPrivate: attachment.isPrivate }, flags: attachment.flags },
    setting,
  );
  return {
    flags: plan.flags.map((flag) => ({ ...flag, id: flag.id ?? 0 })),
    change: plan.change,
    addCc: plan.addCc.filter((id) => !bug.cc.includes(id)),
  };
}

/** Whether two flag lists are the same flags in the same states (what an update was planned against). */
export function sameFlags(a: readonly BugFlag[], b: readonly BugFlag[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((flag, i) => {
    const other = b[i] as BugFlag;
    return (
      flag.id === other.id &&
      flag.status === other.status &&
      flag.setter === other.setter &&
      (flag.requestee ?? '') === (other.requestee ?? '') &&
      flag.modification_date === other.modification_date
    );
  });
}

/**
 * 5.2's extract_flags on an attachment: each request names an existing flag or a new one of a
 * type, else it is refused (no such flag or type, not unique); the flags' own rules come later.
 */
export function extractAttachmentFlags(
  requests: readonly FlagRequest[],
  attachment: { id: number; isPrivate: boolean; flags: readonly BugFlag[] },
  bug: Bug,
  catalogue: Catalogue,
) {
  const target = { bug, attachment: { id: attachment.id, isPrivate: attachment.isPrivate }, flags: attachment.flags };
  return resolve(requests, target, flagTypesOf(catalogue, bug, true));
}

/**
 * What one who may not edit the attachment may still do with its flags (5.2's update_attachment):
 * change existing flags they set or were asked for, when the request creates no flag; the
 * requests for those flags, or none (then the edit is refused).
 */
export function theirFlagRequests(
  requests: readonly FlagRequest[],
  attachment: { id: number; isPrivate: boolean; flags: readonly BugFlag[] },
  bug: Bug,
  user: User,
  catalogue: Catalogue,
): FlagRequest[] {
  const resolved = extractAttachmentFlags(requests, attachment, bug, catalogue);
  if (resolved.length === 0 || resolved.some((item) => item.existing === undefined)) return [];
  const login = user.login.toLowerCase();
  return resolved
    .filter(({ existing }) => existing?.setter.toLowerCase() === login || existing?.requestee?.toLowerCase() === login)
    .map(({ request, existing }) => ({ ...request, id: existing?.id }));
}
