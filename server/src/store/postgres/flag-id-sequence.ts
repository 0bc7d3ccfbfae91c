/** The next free flag id: past every bug's and every attachment's flags (one sequence numbers both, as 5.2's `flags.id`). */
export const NEXT_FLAG_ID = `coalesce(greatest(
  (SELECT max((f->>'id')::integer) FROM bugs b, jsonb_array_elements(b.bzc_fields->'flags') f),
  (SELECT max((f->>'id')::integer) FROM attachments a, jsonb_array_elements(a.bzc_flags) f)), 0) + 1`;
