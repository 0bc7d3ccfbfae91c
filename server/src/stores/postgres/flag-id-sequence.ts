/** The next free flag id: past every flag's, bugs' and attachments' alike (one sequence numbers both, as 5.2's `flags.id`). */
export const NEXT_FLAG_ID = 'coalesce((SELECT max(id) FROM flags), 0) + 1';
