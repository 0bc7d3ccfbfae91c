/**
 * The extension's clock: its realm's `Date.now`, looked up at each reading
 * rather than captured once when a class is built, so that moving that one
 * function moves every part's time at once (how the end-to-end tests bring a
 * snooze back an hour later in either browser).
 */
export const clockNow = (): number => Date.now();
