/**
 * The browser's limits on storage.sync, the same in Chromium and Firefox
 * (QUOTA_BYTES, QUOTA_BYTES_PER_ITEM, MAX_ITEMS), and how both measure an
 * item: its key's length plus its value as JSON.
 */
export const SYNC_QUOTA_BYTES = 102_400;
export const SYNC_QUOTA_BYTES_PER_ITEM = 8_192;
export const SYNC_MAX_ITEMS = 512;

/** What the extension lets itself use, below the browser's limits: room for a write in flight and for rounding. */
export const SYNC_ITEM_BYTES = 8_000;
export const SYNC_BUDGET_BYTES = 96_000;

const encoder = new TextEncoder();

/** An item's size as the browser counts it against the quota. */
export const itemBytes = (key: string, value: unknown) => key.length + encoder.encode(JSON.stringify(value)).length;
