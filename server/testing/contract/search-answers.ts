import { parseMethodResponse } from '../../src/webservice/rpc/xml-rpc-codec.js';
import type { RecordedCase } from '../recordings.js';

/*
 * What a Bug.search answer says, as the search recordings are compared: the bugs (each as its sorted
 * keys), or the error's code and text; 5.2's failures (a Perl crash, an empty answer) as such.
 */

export type SearchAnswer =
  | { kind: 'bugs'; bugs: string[] }
  | { kind: 'error'; code: number; message: string }
  /** 5.2 died in its own code (DBD errors, code 100500) or sent nothing: any refusal of ours stands for it. */
  | { kind: 'crash' }
  | { kind: 'other'; text: string };

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function ofResult(result: unknown): SearchAnswer {
  const bugs = (result as { bugs?: unknown[] } | null)?.bugs;
  if (!Array.isArray(bugs)) return { kind: 'other', text: JSON.stringify(result).slice(0, 200) };
  return { kind: 'bugs', bugs: bugs.map(canonical) };
}

function ofError(code: number, message: string): SearchAnswer {
  if (code === 100500 || /^DBD::|at \/|<BUGZILLA_DIR>/.test(message)) return { kind: 'crash' };
  return { kind: 'error', code, message };
}

/** The answer of a REST, XML-RPC or JSON-RPC call. */
export function searchAnswer(status: number, text: string): SearchAnswer {
  if (text === '') return { kind: 'crash' };
  if (text.startsWith('<?xml')) {
    const parsed = parseMethodResponse(text);
    if ('fault' in parsed) {
      const fault = parsed.fault as { faultCode: number; faultString: string };
      return ofError(Number(fault.faultCode), String(fault.faultString));
    }
    return ofResult(parsed.result);
  }
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (body.error === true) return ofError(Number(body.code), String(body.message));
    if (body.error && typeof body.error === 'object') {
      const error = body.error as { code: number; message: string };
      return ofError(Number(error.code), String(error.message));
    }
    if ('result' in body) return ofResult(body.result);
    return status === 200 ? ofResult(body) : { kind: 'other', text: text.slice(0, 200) };
  } catch {
    return { kind: 'other', text: text.slice(0, 200) };
  }
}

/** The parameters a recorded REST search sent (none for RPC). */
function restQuery(recorded: RecordedCase): URLSearchParams | undefined {
  const { method, path } = recorded.request;
  return method === 'GET' && path.startsWith('/rest/bug?')
    ? new URLSearchParams(path.slice('/rest/bug?'.length))
    : undefined;
}

/** Whether 5.2 chose the order itself (no `order`, other than a quicksearch of bug numbers): compared as sets. */
function leftToThePlan(recorded: RecordedCase): boolean {
  const query = restQuery(recorded);
  if (query?.has('quicksearch') && /^[0-9,\s]*$/.test(query.get('quicksearch') ?? '')) return false;
  if (query) return !query.has('order') || query.getAll('order').length > 1;
  const sent = `${recorded.request.path} ${recorded.request.body ?? ''}`;
  // An RPC quicksearch over POST loses every parameter, its order too.
  if (recorded.request.method === 'POST' && /quicksearch/.test(sent)) return true;
  return !/order/.test(decodeURIComponent(sent));
}

/** Whether 5.2 cut the answer short (a limit) of an order it chose: then only the count is known. */
function limitedPlan(recorded: RecordedCase, maxResults: number): boolean {
  if (!leftToThePlan(recorded)) return false;
  const query = restQuery(recorded);
  return (query?.has('limit') && query.get('limit') !== '0') || maxResults < 60;
}

/** Two answers agree: the same bugs (as sets where 5.2 chose the order), or the same error; a crash, any error. */
export function sameAnswer(
  recorded: RecordedCase,
  theirs: SearchAnswer,
  ours: SearchAnswer,
  maxResults: number,
): boolean {
  if (theirs.kind === 'crash') return ours.kind === 'error';
  if (theirs.kind !== ours.kind) return false;
  if (theirs.kind === 'bugs' && ours.kind === 'bugs') {
    if (limitedPlan(recorded, maxResults)) return theirs.bugs.length === ours.bugs.length;
    if (leftToThePlan(recorded)) return [...theirs.bugs].sort().join('\n') === [...ours.bugs].sort().join('\n');
    return theirs.bugs.join('\n') === ours.bugs.join('\n');
  }
  return JSON.stringify(theirs) === JSON.stringify(ours);
}
