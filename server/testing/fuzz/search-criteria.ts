import fc from 'fast-check';

/*
 * Random Bug.search parameter sets over the search data set (test-data/bugzilla-5.2/search-data-set.md):
 * the API's names and buglist.cgi's form names, f/o/v/n charts with j_top and OP/CP nesting, every
 * operator of 5.2's Search.pm (OPERATORS), quicksearch strings, order, limit/offset and bad values.
 * Values come from the data set's own vocabulary, so that most criteria match some bugs and differ.
 */

/** Search.pm's OPERATORS, and a few it does not know. */
const OPERATORS = [
  'equals',
  'notequals',
  'anyexact',
  'substring',
  'casesubstring',
  'notsubstring',
  'anywordssubstr',
  'allwordssubstr',
  'nowordssubstr',
  'regexp',
  'notregexp',
  'lessthan',
  'lessthaneq',
  'greaterthan',
  'greaterthaneq',
  'anywords',
  'allwords',
  'nowords',
  'changedbefore',
  'changedafter',
  'changedfrom',
  'changedto',
  'changedby',
  'isempty',
  'isnotempty',
];
/** `matches` is for `content` only (Search.pm _matches_content), which the full-text index answers. */
const BAD_OPERATORS = ['noop', 'nosuchop', '', 'matches', 'notmatches'];

/** Search.pm's field names (fielddefs), the data set's custom fields, and names 5.2 does not know. */
const FIELDS = [
  'bug_id',
  'short_desc',
  'bug_status',
  'resolution',
  'product',
  'component',
  'classification',
  'version',
  'target_milestone',
  'priority',
  'bug_severity',
  'op_sys',
  'rep_platform',
  'assigned_to',
  'reporter',
  'qa_contact',
  'cc',
  'commenter',
  'longdesc',
  'longdescs.isprivate',
  'keywords',
  'status_whiteboard',
  'bug_file_loc',
  'creation_ts',
  'delta_ts',
  'deadline',
  'estimated_time',
  'remaining_time',
  'work_time',
  'days_elapsed',
  'owner_idle_time',
  'dependson',
  'blocked',
  'dup_id',
  'alias',
  'see_also',
  'tag',
  'flagtypes.name',
  'requestees.login_name',
  'setters.login_name',
  'attachments.description',
  'attachments.filename',
  'attachments.mimetype',
  'attachments.ispatch',
  'bug_group',
  'everconfirmed',
  'reporter_accessible',
  'cclist_accessible',
  'last_visit_ts',
  'assigned_to_realname',
  'reporter_realname',
  'cf_build',
  'cf_stage',
  'cf_platforms',
  'cf_release_notes',
  'cf_due_at',
  'cf_ship_date',
  'cf_regressed_by',
  'cf_story_points',
  'cf_firmware_rev',
  'cf_test_phase',
  'cf_legacy_ref',
];
const BAD_FIELDS = ['cf_nosuch', 'nosuchfield', 'noop', 'content', 'percentage_complete'];

/** Words, names, numbers and dates of the data set, pronouns, and values 5.2 refuses or chokes on. */
const VALUES = [
  '',
  ' ',
  '---',
  '1',
  '6',
  '15',
  '60',
  '0',
  '-1',
  '99999999999',
  '3.5',
  'abc',
  'login',
  'Login page',
  'blank screen',
  'dark mode',
  'Firefox',
  'settings',
  'crash',
  'Widgets',
  'Gadgets',
  'Legacy',
  'Secure',
  'Frontend',
  'Backend',
  'Hardware',
  'UNCONFIRMED',
  'CONFIRMED',
  'RESOLVED',
  'VERIFIED,RESOLVED',
  'FIXED',
  'DUPLICATE',
  'normal',
  'critical',
  'enhancement',
  'Highest',
  'Low',
  'PC',
  'Linux',
  'Windows',
  '1.0',
  '2.0',
  'regression',
  'ux',
  'perf security',
  'review',
  'needinfo',
  'mine',
  'dev@example.com',
  'user@example.com',
  'qa@example.com',
  'manager@example.com',
  'contractor@partner.example',
  'example.com',
  '%user%',
  '%reporter%',
  '%assignee%',
  '%qacontact%',
  '%group.core%',
  '2025-03-01',
  '2025-06-15 12:00:00',
  '2026-09-30',
  '2026-02-30',
  '-30d',
  '-1y',
  '1w',
  'now',
  'yesterday',
  '^Login',
  'screen$',
  '*',
  'design',
  'testing',
  'abandoned',
  'linux',
  'solaris',
  '%',
  '_',
  "it's",
];

/** What 5.2 refuses: a date it cannot read, a bad regexp, a group nobody has, a value past its columns. */
const BAD_VALUES = ['not a date', '(unclosed', '[a-', '%group.nosuch%', 'x'.repeat(300)];

/** Mostly what 5.2 takes, so that most sets get answers worth comparing; now and then what it refuses. */
const mostly = (good: string[], bad: string[]) =>
  fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
const value = mostly(VALUES, BAD_VALUES);
const field = mostly(FIELDS, BAD_FIELDS);
const operator = mostly(OPERATORS, BAD_OPERATORS);

/** Quicksearch strings in its grammar: words, field:value, ALL/OPEN, +, -, |, !, numbers, products. */
const quicksearchWord = fc.oneof(
  value.map((word) => word.replace(/\s+/g, '')),
  fc
    .tuple(
      fc.constantFrom(
        'status',
        'product',
        'component',
        'assignee',
        'reporter',
        'severity',
        'priority',
        'kw',
        'cf_stage',
        'summary',
        'comment',
        'os',
        'url',
        'flag',
        'nosuch',
      ),
      fc.constantFrom('', ':', ':='),
      value.map((word) => word.replace(/\s+/g, ',')),
    )
    .map(([name, colon, text]) => (colon === '' ? name : `${name}${colon}${text}`)),
  fc.constantFrom(
    'ALL',
    'OPEN',
    'FIXED',
    '+login',
    '-crash',
    'login|crash',
    '!crash',
    '1,6',
    '#15',
    'Widgets',
    '"dark mode"',
  ),
);
const quicksearch = fc.array(quicksearchWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

/** A boolean chart: one condition (fN, oN, vN, maybe nN), or an OP … CP bracket of them joined by jN. */
type Chart = { condition: [string, string, string, boolean] } | { join: string; negated: boolean; children: Chart[] };
const { chart } = fc.letrec<{ chart: Chart }>((tie) => ({
  chart: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(field, operator, value, fc.boolean()).map(([f, o, v, n]): Chart => ({ condition: [f, o, v, n] })),
    fc
      .tuple(mostly(['AND', 'OR'], ['nosuch', '']), fc.boolean(), fc.array(tie('chart'), { maxLength: 2 }))
      .map(([join, negated, children]): Chart => ({ join, negated, children })),
  ),
}));

/** The charts as Search.pm numbers them: one row each, OP and CP rows around a bracket's. */
function chartRows(charts: Chart[]): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  let n = 0;
  const add = (item: Chart) => {
    n += 1;
    if ('condition' in item) {
      const [f, o, v, negated] = item.condition;
      rows.push([`f${n}`, f], [`o${n}`, o], [`v${n}`, v]);
      if (negated) rows.push([`n${n}`, '1']);
      return;
    }
    rows.push([`f${n}`, 'OP'], [`j${n}`, item.join]);
    if (item.negated) rows.push([`n${n}`, '1']);
    for (const child of item.children) add(child);
    n += 1;
    rows.push([`f${n}`, 'CP']);
  };
  for (const item of charts) add(item);
  return rows;
}
const charts = fc.array(chart, { maxLength: 3 }).map(chartRows);

/** The API's names, buglist.cgi's form names and the paging and order parameters. */
const simple = fc.oneof(
  fc.tuple(
    fc.constantFrom(
      'product',
      'component',
      'status',
      'resolution',
      'severity',
      'priority',
      'version',
      'platform',
      'op_sys',
      'target_milestone',
      'creator',
      'assigned_to',
      'qa_contact',
      'summary',
      'whiteboard',
      'url',
      'alias',
      'id',
      'tags',
      'keywords',
      'cf_stage',
      'cf_platforms',
      'cf_build',
      'creation_time',
      'last_change_time',
      'bug_status',
      'bug_severity',
      'rep_platform',
      'bug_id',
      'short_desc',
      'longdesc',
      'bug_file_loc',
      'status_whiteboard',
      'classification',
      'votes',
    ),
    value,
  ),
  fc.tuple(
    fc.constantFrom(
      'short_desc_type',
      'longdesc_type',
      'keywords_type',
      'bug_file_loc_type',
      'status_whiteboard_type',
      'bug_id_type',
    ),
    operator,
  ),
  fc.tuple(fc.constantFrom('email1', 'email2'), value),
  fc.tuple(
    fc.constantFrom('emailtype1', 'emailtype2'),
    mostly(['substring', 'exact', 'equals', 'notequals', 'regexp'], ['nosuch']),
  ),
  fc.tuple(
    fc.constantFrom(
      'emailassigned_to1',
      'emailreporter1',
      'emailcc1',
      'emailqa_contact1',
      'emaillongdesc1',
      'emailreporter2',
    ),
    fc.constantFrom('1', '0'),
  ),
  fc.tuple(fc.constantFrom('chfield', 'chfieldvalue'), fc.oneof(field, value)),
  fc.tuple(fc.constantFrom('chfieldfrom', 'chfieldto'), value),
  fc.tuple(fc.constant('j_top'), mostly(['AND', 'OR', 'AND_G'], ['nosuch'])),
  fc.tuple(
    fc.constant('order'),
    fc.oneof(
      fc.constantFrom(
        'bug_id',
        'bug_id DESC',
        'priority',
        'bug_severity desc',
        'assigned_to',
        'changeddate',
        'opendate DESC',
        'short_desc',
        'product,component',
        'Bug Number',
        'Importance',
        'Last Changed',
        'nosuch',
        'bug_status,bug_id desc',
        'cf_stage',
        'votes',
        'relevance',
      ),
    ),
  ),
);

/** limit, and maybe offset (Search.pm refuses an offset without a limit). */
const paging = fc.option(
  fc.tuple(
    mostly(['0', '1', '3', '10', '59'], ['-1', 'abc', '']),
    fc.option(mostly(['0', '1', '5', '100'], ['-1', 'abc'])),
  ),
  { freq: 3 },
);

/** One Bug.search's query string. */
export const searchParameters = fc
  .tuple(fc.array(simple, { maxLength: 4 }), charts, fc.option(quicksearch, { nil: undefined, freq: 4 }), paging)
  .map(([pairs, chartPairs, quick, paging]) => {
    const query = new URLSearchParams();
    for (const [key, text] of pairs) query.append(key, text);
    for (const [key, text] of chartPairs) query.append(key, text);
    if (quick !== undefined) query.append('quicksearch', quick);
    if (paging !== null) query.append('limit', paging[0]);
    if (paging !== null && paging[1] !== null) query.append('offset', paging[1]);
    return query;
  });
