/**
 * Bugzilla's ids (bugs, comments, users) live in 32-bit INTEGER columns: a larger number names
 * nothing, on any store. Checked before a number reaches a store, so PostgreSQL never sees one
 * ("out of range for type integer" would be a 500) and the file store answers the same.
 */
export const MAX_ID = 2_147_483_647;

/** Whether `id` can name a row of Bugzilla's: a positive integer that fits its columns. */
export function isStorableId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}

/**
 * Whether text can be kept in Bugzilla's text columns: PostgreSQL's text holds no NUL (it
 * refuses the statement, which would be a 500). Text that cannot be stored names no stored row
 * (a login, an alias) and is refused as a value to store, on every store alike.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}
