import type { AuthMode } from '@bz-companion/shared';
import type { Tracker } from '../common/trackers.js';
import { rawRequest } from './raw-request.js';

/**
 * Changes an attachment's flags (a patch's review answered), with a comment if given:
 * `PUT /rest/bug/attachment/{id}` with `flags`. Made here because the shared client's
 * attachment update leaves `flags` out, though the endpoint takes them.
 */
export async function setAttachmentFlags(
  tracker: Tracker,
  authMode: AuthMode,
  fetchImpl: typeof fetch,
  attachment: number,
  changes: { flags: Array<{ id: number; status: string }>; comment?: string },
): Promise<void> {
  await rawRequest(tracker, authMode, fetchImpl, {
    method: 'PUT',
    path: `bug/attachment/${attachment}`,
    body: { ids: [attachment], ...changes },
  });
}
