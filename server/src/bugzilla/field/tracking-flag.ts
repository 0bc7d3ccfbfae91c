import type { Catalogue } from '../catalogue/catalogue.js';
import { isMember } from '../group/membership.js';
import type { User } from '../types.js';
import type { TrackingFlag } from './tracking-flag-type.js';

export const isTrackingFlag = <F extends { tracking?: TrackingFlag | undefined }>(
  field: F,
): field is F & { tracking: TrackingFlag } => field.tracking !== undefined;

/** Flag::Visibility->match on the bug's product and component (Extension.pm active_custom_fields). */
export function trackingFlagShownOn(
  flag: TrackingFlag,
  catalogue: Catalogue,
  bug: { product: string; component: string },
): boolean {
  return flag.visibility.some(({ productId, componentId }) => {
    if (catalogue.productById(productId)?.name !== bug.product) return false;
    return componentId === null || catalogue.componentById(componentId)?.name === bug.component;
  });
}

/** Flag.pm can_set_value: the value is the flag's and the user is in its setter group. */
export function canSetTrackingValue(
  flag: TrackingFlag,
  value: string,
  user: User | undefined,
  catalogue: Catalogue,
): boolean {
  const groupId = Object.hasOwn(flag.setterGroupIds, value) ? flag.setterGroupIds[value] : undefined;
  if (groupId === undefined || !user) return false;
  const group = catalogue.groupById(groupId);
  return group !== undefined && isMember(user, group);
}
