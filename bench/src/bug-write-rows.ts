import { BENCH_KEY } from './data.js';
import type { LoadSpec } from './load-generator.js';

/*
 * Bug.update and Bug.create, durable, as the issue sizes them: three fields and a comment per update
 * (the bench user is in editbugs), a minimal bug per create, over the 5,000 bugs of the bench data set.
 */

export const UPDATE_ROW = 'PUT /rest/bug/{id} (3 fields + a comment, durable)';
export const CREATE_ROW = 'POST /rest/bug (durable)';

const asEditor = { 'X-BUGZILLA-API-KEY': BENCH_KEY, 'Content-Type': 'application/json' };

export const updateBug = (url: string, bugs: number): LoadSpec => ({
  method: 'PUT',
  url: `${url}/rest/bug/{id}`,
  headers: asEditor,
  body: '{"priority":"High","whiteboard":"[bench {id}]","url":"https://example.com/{id}","comment":{"body":"Seen again on build {id}."}}',
  ids: bugs,
});

export const createBug = (url: string): LoadSpec => ({
  method: 'POST',
  url: `${url}/rest/bug`,
  headers: asEditor,
  body: '{"product":"TestProduct","component":"TestComponent","version":"unspecified","summary":"Filed by the bench {id}","op_sys":"All","platform":"All","description":"Steps."}',
  ids: 1_000_000,
});
