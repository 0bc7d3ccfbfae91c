import type { Attachment } from '../src/bugzilla/attachment/attachment.js';
import { EVERY_MATCH, unrestrictedSearch } from '../src/bugzilla/search/every-bug.js';
import type { Store } from '../src/bugzilla/store/store.js';
import type { Bug, BugFlag } from '../src/bugzilla/types.js';

/**
 * Every bug of the store, by id: what a test compares whole stores by. No request path reads them all
 * (the Store has no such read); a test asks the search for every bug, whoever may see it.
 */
export async function everyBug(store: Store): Promise<Bug[]> {
  return store.searchBugs(unrestrictedSearch(null, [], EVERY_MATCH, Math.floor(Date.now() / 1000)));
}

/** The flags of the bug's attachments, in attachment order. */
export async function attachmentFlagsOf(store: Store, bugId: number): Promise<BugFlag[]> {
  return ((await store.attachmentsOf(bugId)) as readonly Attachment[]).flatMap((attachment) => attachment.flags);
}
