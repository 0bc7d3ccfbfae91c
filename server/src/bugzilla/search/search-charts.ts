import type { Bug, BugFlag } from '../types.js';
import { NEGATED, OPERATORS, SIMPLE_OPERATORS, unsupported } from './search-operators.js';

/** Bug ids compared as numbers (`f1=bug_id&o1=greaterthan&v1=12`): Search.pm's numeric operators. */
function bugIdTest(operator: string, value: string): (bug: Bug) => boolean {
  if (operator === 'anyexact') {
    const ids = value.split(',').map((item) => Number(item.trim()));
    return (bug) => ids.includes(bug.id);
  }
  const compare = SIMPLE_OPERATORS[operator];
  if (compare === undefined) throw unsupported(operator);
  const number = Number(value.trim());
  return (bug) => compare(bug.id, number);
}

/**
 * The flag criteria of Bugzilla's custom search charts (`fN`, `oN`, `vN`), as Search.pm takes them:
 * `requestees.login_name` (who a flag asks), `setters.login_name` (who set it) and `flagtypes.name`
 * (the type's name followed by the status: `review+`, `needinfo?`). A bug matches when one of its
 * flags does; a negated operator (`notequals`, `notsubstring`, …) matches the bugs none of whose flags
 * match the positive one, as 5.2 negates multi-valued fields. Charts of other fields are left to
 * the other criteria (and ignored when none takes them, as before).
 */
const FLAG_FIELDS: Readonly<Record<string, (flag: BugFlag) => string | undefined>> = {
  'requestees.login_name': (flag) => flag.requestee?.toLowerCase(),
  'setters.login_name': (flag) => flag.setter.toLowerCase(),
  'flagtypes.name': (flag) => `${flag.name}${flag.status}`,
};

/** Logins are compared without regard to letter case, as everywhere in bz-companion. */
const LOGIN_FIELDS = new Set(['requestees.login_name', 'setters.login_name']);

/** A bug's attachments' flags (searched with its own, as 5.2 joins `flags` on the bug id). */
export type AttachmentFlagsOf = (bugId: number) => readonly BugFlag[];

/**
 * The tests of every chart in the query on a bug id or a flag; an empty list when it has none.
 * `flagCharts`: whether one reads flags, so the caller loads the attachments' flags first.
 */
export function chartTests(
  query: URLSearchParams,
  attachmentFlagsOf: AttachmentFlagsOf = () => [],
): { tests: Array<(bug: Bug) => boolean>; flagCharts: boolean } {
  const tests: Array<(bug: Bug) => boolean> = [];
  let flagCharts = false;
  // 5.2 matches every flag of the bug, its attachments' too, private attachments' as well.
  const anyFlag = (bug: Bug, test: (flag: BugFlag) => boolean) =>
    bug.fields.flags.some(test) || attachmentFlagsOf(bug.id).some(test);
  for (const [name, field] of query) {
    // Most searches have no chart: a cheap test before the pattern.
    if (name.charCodeAt(0) !== 102 /* f */) continue;
    const n = /^f(\d+)$/.exec(name)?.[1];
    if (n !== undefined && field === 'bug_id') {
      tests.push(bugIdTest(query.get(`o${n}`) ?? '', query.get(`v${n}`) ?? ''));
      continue;
    }
    const flagText = n === undefined ? undefined : FLAG_FIELDS[field];
    if (flagText === undefined) continue;
    flagCharts = true;
    const operator = query.get(`o${n}`) ?? '';
    let value = query.get(`v${n}`) ?? '';
    if (LOGIN_FIELDS.has(field)) value = value.toLowerCase();
    if (operator === 'isempty' || operator === 'isnotempty') {
      const wantFlags = operator === 'isnotempty';
      tests.push((bug) => anyFlag(bug, (flag) => flagText(flag) !== undefined) === wantFlags);
      continue;
    }
    const positive = NEGATED[operator] ?? operator;
    const make = OPERATORS[positive];
    if (make === undefined) throw unsupported(operator);
    const match = make(value);
    const some = (bug: Bug) =>
      anyFlag(bug, (flag) => {
        const text = flagText(flag);
        return text !== undefined && match(text);
      });
    tests.push(positive === operator ? some : (bug) => !some(bug));
  }
  return { tests, flagCharts };
}
