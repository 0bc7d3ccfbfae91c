import type { WhatChanged } from '../follow/what-changed.js';

/** What the bug page's banner and the popup ask the background about what changed. */
export type NewsRequest =
  | { type: 'bug-page-news'; url: string }
  /** `maxAgeMs`: a refresh younger than this is answered as it is. */
  | { type: 'refresh-news'; tracker?: string; maxAgeMs?: number }
  | { type: 'mark-seen'; tracker: string; ids: number[] };

export function isNewsRequest(message: unknown): message is NewsRequest {
  const { type, url, tracker, ids, maxAgeMs } = (message ?? {}) as Record<string, unknown>;
  if (type === 'bug-page-news') return typeof url === 'string';
  if (type === 'refresh-news') {
    return (
      (tracker === undefined || typeof tracker === 'string') && (maxAgeMs === undefined || typeof maxAgeMs === 'number')
    );
  }
  if (type === 'mark-seen') {
    return typeof tracker === 'string' && Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id) && id > 0);
  }
  return false;
}

export function handleNewsMessage(whatChanged: WhatChanged, message: unknown): Promise<unknown> | undefined {
  if (!isNewsRequest(message)) return undefined;
  switch (message.type) {
    case 'bug-page-news':
      return whatChanged.banner(message.url).catch(() => null);
    case 'refresh-news':
      return message.tracker === undefined
        ? whatChanged.refreshAll(message.maxAgeMs)
        : whatChanged.refresh(message.tracker, message.maxAgeMs);
    case 'mark-seen':
      return whatChanged.markSeen(message.tracker, message.ids);
  }
}
