import type { BugChanges } from '@bz-companion/shared';
import type { FlagRequest, InboxDetails } from '../../common/inbox-state.js';

/**
 * What the inbox can do to a bug on its tracker, over the tracker's REST API with the key the
 * extension holds: reply (the first new comment quoted on request), change its status (and
 * resolution), answer a needinfo (a comment and the flag cleared), grant or deny a review or
 * feedback (+ or −, with a comment if given), take it, join or leave its CC.
 */
export type TrackerAction =
  | { kind: 'reply'; text: string }
  | { kind: 'status'; status: string; resolution: string | null; text: string }
  | { kind: 'answer'; request: FlagRequest; text: string }
  | { kind: 'review'; request: FlagRequest; grant: boolean; text: string }
  | { kind: 'take' }
  | { kind: 'cc'; join: boolean };

/** A bug as the inbox knows it when it acts: what the undo puts back, and when it last saw it change. */
export interface KnownBug {
  id: number;
  status: string | null;
  resolution: string | null;
  assignee: string | null;
  inCc: boolean;
  /** Its last change as the inbox read it: a later one on the tracker is a mid-air collision. */
  lastChangeAt: number;
}

export function knownBug(id: number, inbox: InboxDetails | undefined): KnownBug {
  const [status = null, ...resolution] = inbox?.status?.split(' ') ?? [];
  return {
    id,
    status,
    resolution: resolution.length > 0 ? resolution.join(' ') : null,
    assignee: inbox?.assignee ?? null,
    inCc: inbox?.inCc ?? false,
    lastChangeAt: inbox?.lastChangeAt ?? 0,
  };
}

/** One request to the tracker: a bug's update, a comment, or an attachment's update (a patch's review). */
export type TrackerWrite =
  | { to: 'bug'; changes: BugChanges }
  | { to: 'comment'; text: string }
  | { to: 'attachment'; id: number; changes: { flags: Array<{ id: number; status: string }>; comment?: string } };

const comment = (text: string) => (text.trim() === '' ? {} : { comment: { body: text } });

/** What the action sends for a bug, `me` the user's login. */
export function writeFor(action: TrackerAction, me: string): TrackerWrite {
  switch (action.kind) {
    case 'reply':
      return { to: 'comment', text: action.text };
    case 'status':
      return {
        to: 'bug',
        changes: {
          status: action.status,
          ...(action.resolution ? { resolution: action.resolution } : {}),
          ...comment(action.text),
        },
      };
    case 'answer':
    case 'review': {
      const status: '+' | '-' | 'X' = action.kind === 'answer' ? 'X' : action.grant ? '+' : '-';
      const flags = [{ id: action.request.id, status }];
      if (action.request.attachment) {
        const text = action.text.trim();
        return {
          to: 'attachment',
          id: action.request.attachment.id,
          changes: { flags, ...(text ? { comment: text } : {}) },
        };
      }
      return { to: 'bug', changes: { flags, ...comment(action.text) } };
    }
    case 'take':
      return { to: 'bug', changes: { assigned_to: me } };
    case 'cc':
      return { to: 'bug', changes: { cc: action.join ? { add: [me] } : { remove: [me] } } };
  }
}

/**
 * What puts the bug back as it was, or null where nothing can: a comment stays on the tracker
 * (Bugzilla has no way to take one back), and a flag's answer could only be asked again with the
 * user named as the one asking, which is not how it was.
 */
export function undoFor(action: TrackerAction, before: KnownBug, me: string): TrackerWrite | null {
  switch (action.kind) {
    case 'status':
      if (action.text.trim() !== '' || before.status === null) return null;
      return { to: 'bug', changes: { status: before.status, resolution: before.resolution ?? '' } };
    case 'take':
      return before.assignee
        ? { to: 'bug', changes: { assigned_to: before.assignee } }
        : { to: 'bug', changes: { reset_assigned_to: true } };
    case 'cc':
      return { to: 'bug', changes: { cc: action.join ? { remove: [me] } : { add: [me] } } };
    default:
      return null;
  }
}

/** Why an action cannot be undone, to say with its result; null where it can. */
export function whyNoUndo(action: TrackerAction): string | null {
  if (action.kind === 'reply' || action.kind === 'answer')
    return 'A comment stays on the tracker: it cannot be taken back.';
  if (action.kind === 'review')
    return 'An answer to a request stays: asked again, it would name you as the one asking.';
  if (action.kind === 'status' && action.text.trim() !== '')
    return 'Its comment stays on the tracker: it cannot be taken back.';
  return null;
}

/** The action done, in words, for its result: "status RESOLVED FIXED", "review+ given", "taken". */
export function actionWords(action: TrackerAction): string {
  switch (action.kind) {
    case 'reply':
      return 'commented';
    case 'status':
      return `status ${action.status}${action.resolution ? ` ${action.resolution}` : ''}`;
    case 'answer':
      return `${action.request.flag} answered`;
    case 'review':
      return `${action.request.flag}${action.grant ? '+ given' : '− given'}`;
    case 'take':
      return 'taken: assigned to you';
    case 'cc':
      return action.join ? 'you are in its CC' : 'you left its CC';
  }
}

/** What the row shows at once, before the tracker answers (the local effect). */
export function localEffect(action: TrackerAction, inbox: InboxDetails | undefined, me: string): Partial<InboxDetails> {
  switch (action.kind) {
    case 'status':
      return { status: action.resolution ? `${action.status} ${action.resolution}` : action.status };
    case 'answer':
    case 'review':
      return { requests: (inbox?.requests ?? []).filter((request) => request.id !== action.request.id) };
    case 'take':
      return { assignee: me };
    case 'cc':
      return { inCc: action.join };
    default:
      return {};
  }
}
