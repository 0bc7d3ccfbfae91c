import type { Catalogue } from '../catalogue/catalogue.js';
import type { FlagType } from '../catalogue/types.js';
import type { Bug, BugFlag, User } from '../types.js';
import { canRequestFlag, canSetFlag, sortFlags } from './flag-rules.js';

/**
 * An attachment's flags once its bug moved to another product or component, as 5.2's
 * Flag->force_cleanup leaves them: a flag whose type's inclusions no longer match the bug's
 * product and component, or whose exclusions now do, is retargeted to an active attachment type
 * of the same name that applies there (when not single and already used on the attachment, and
 * its setter may still set or ask for it: 5.2's retarget), or else removed.
 */
export function attachmentFlagsAfterMove(
  flags: readonly BugFlag[],
  movedBug: Bug,
  catalogue: Catalogue,
  userByLogin: (login: string) => User | undefined,
): { flags: BugFlag[]; removed: BugFlag[] } {
  const product = catalogue.product(movedBug.fields.product);
  const component = product && catalogue.component(product, movedBug.fields.component);
  if (!product || !component || flags.length === 0) return { flags: [...flags], removed: [] };
  const types = catalogue.flagTypesFor('attachment', product.id, component.id);
  const applies = new Set(types.map((type) => type.id));
  const kept: BugFlag[] = [];
  const removed: BugFlag[] = [];
  for (const flag of flags) {
    if (applies.has(flag.type_id)) {
      kept.push(flag);
      continue;
    }
    // What is on the attachment by now: 5.2 reads its flags again after each retarget.
    const onAttachment = [...kept, ...flags];
    const type = types.find((candidate) => retargets(flag, candidate, onAttachment, userByLogin, catalogue));
    if (type) kept.push({ ...flag, type_id: type.id });
    else removed.push(flag);
  }
  if (removed.length === 0 && kept.every((flag, i) => flag === flags[i])) return { flags: [...flags], removed };
  return { flags: sortFlags(kept, types), removed };
}

/** 5.2's Flag->retarget: whether `flag` may become a flag of `type` (same name) on its attachment. */
function retargets(
  flag: BugFlag,
  type: FlagType,
  onAttachment: readonly BugFlag[],
  userByLogin: (login: string) => User | undefined,
  catalogue: Catalogue,
): boolean {
  if (type.name !== flag.name || !type.isActive) return false;
  if (!type.isMultiplicable && onAttachment.some((other) => other.type_id === type.id)) return false;
  const setter = userByLogin(flag.setter);
  if (!setter) return false;
  return (flag.status === '?' && canRequestFlag(setter, type, catalogue)) || canSetFlag(setter, type, catalogue);
}
