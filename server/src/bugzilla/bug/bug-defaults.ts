import type { BugFields } from '../types.js';

/** When a bug says nothing about its times, nor has comments or changes to date it by. */
export const DEFAULT_BUG_TIME = Date.UTC(2026, 0, 1) / 1000;

/**
 * A bug's fields when the data leaves them out: what a fresh Bugzilla 5.2
 * gives a new bug in its test product (default workflow, default priority and
 * severity parameters, no milestones).
 */
export function defaultBugFields(times: { creation: number; lastChange: number }): BugFields {
  return {
    summary: '',
    status: 'CONFIRMED',
    resolution: '',
    product: 'TestProduct',
    component: 'TestComponent',
    version: 'unspecified',
    priority: '---',
    severity: 'enhancement',
    op_sys: 'All',
    platform: 'All',
    classification: 'Unclassified',
    target_milestone: '---',
    url: '',
    whiteboard: '',
    keywords: [],
    see_also: [],
    blocks: [],
    depends_on: [],
    dupe_of: null,
    is_confirmed: true,
    flags: [],
    creation_time: times.creation,
    last_change_time: times.lastChange,
  };
}
