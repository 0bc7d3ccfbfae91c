import type { EndpointKey } from '@bz-companion/shared';
import type { AuthPolicy } from '../../profiles/auth-policy.js';

/** A Bugzilla error code, what it means, and its HTTP status where Bugzilla's code map does not decide it. */
export type CodeNote = readonly [code: number, meaning: string, status?: number];

/** What any method may answer: bad input, a request past its work bounds, the store out of reach. */
const ANY_METHOD: readonly CodeNote[] = [
  [32000, 'invalid input, or a request past its work bounds'],
  [-32000, 'the store could not be reached (nothing was written)'],
];

/** What a method that reads the credentials may answer. */
const READS_CREDENTIALS: readonly CodeNote[] = [
  [306, 'the API key is invalid or revoked'],
  [300, 'the login or password is not valid'],
  [301, 'the account is disabled'],
];

const NEEDS_LOGIN: readonly CodeNote[] = [[410, 'login required']];

/** A method whose path names a bug. */
const NAMES_A_BUG: readonly CodeNote[] = [
  [100, 'not a bug id or alias'],
  [101, 'no such bug'],
  [102, 'the bug is not visible to the caller'],
];

/** What a bug write may answer, however it names the bug (5.2's Bug.create and Bug.update). */
const BUG_WRITES: readonly CodeNote[] = [
  [51, 'no such product, component, value, keyword, user or flag', 404],
  [52, 'a number is required'],
  [56, 'an illegal date'],
  [103, 'the alias is invalid or too long'],
  [107, 'a summary is required'],
  [116, 'a dependency loop'],
  [121, 'a resolution is required'],
  [122, 'an open bug takes no resolution'],
];

/**
 * Codes of one method beyond those its credentials policy and path imply. An endpoint
 * added without a row still gets those: a new method is described from its first day.
 */
const OWN_CODES: Partial<Record<EndpointKey, readonly CodeNote[]>> = {
  'POST /rest/bug_user_last_visit': [...NAMES_A_BUG, [1300, 'the caller is not involved with the bug']],
  'POST /rest/bug_user_last_visit/{id}': [[1300, 'the caller is not involved with the bug']],
  'GET /rest/bug_user_last_visit': NAMES_A_BUG,
  'GET /rest/bug_user_last_visit/{id}': [[100500, "5.2's crash of this method, in an HTTP 200"]],
  'GET /rest/bug': [
    [50, 'a parameter is required'],
    [52, 'a number is required'],
    [56, 'an illegal date'],
  ],
  'GET /rest/bug/': [[50, 'ids is required'], ...NAMES_A_BUG],
  'GET /rest/bug/{id}/comment': [[56, 'an illegal date']],
  'GET /rest/bug/comment/{id}': [
    [52, 'the comment id is not a number'],
    [110, 'the comment is private'],
    [111, 'no such comment'],
  ],
  'POST /rest/bug/{id}/comment': [
    [50, 'comment is required'],
    [113, 'only insiders may add a private comment'],
    [114, 'the comment is too long'],
  ],
  'GET /rest/login': [[50, 'login and password are required']],
  'GET /rest/valid_login': [[50, 'login is required']],
  'GET /rest/last_audit_time': [[58, 'class must be a scalar or an array']],
  'POST /rest/bug': [
    ...BUG_WRITES,
    [50, 'a required field is missing'],
    [53, 'not a parameter Bug.create takes'],
    [105, 'a component is required'],
    [106, 'the product is closed for new bugs', 401],
  ],
  'PUT /rest/bug/{id}': [
    ...BUG_WRITES,
    [112, 'a bug in its own See Also'],
    [118, 'a duplicate of itself, or a duplicate loop'],
    [119, 'a duplicate needs the bug it duplicates'],
  ],
  'PUT /rest/bug': [
    ...NAMES_A_BUG,
    ...BUG_WRITES,
    [112, 'a bug in its own See Also'],
    [118, 'a duplicate of itself, or a duplicate loop'],
    [119, 'a duplicate needs the bug it duplicates'],
  ],
  'GET /rest/bug/attachment/{id}': [
    [52, 'the attachment id is not a number'],
    [304, 'the attachment is private, or its bug is not visible'],
  ],
  'GET /rest/bug/{id}/attachment': NAMES_A_BUG,
  'POST /rest/bug/{id}/attachment': [
    ...NAMES_A_BUG,
    [50, 'data is required'],
    [113, 'only insiders may add a private attachment'],
    [600, 'the attachment is too large'],
    [601, 'an invalid content type'],
    [603, 'no file to attach'],
    [604, 'summary is required'],
    [606, 'the attachment is empty'],
  ],
  'PUT /rest/bug/attachment/{id}': [
    [51, 'no such flag type'],
    [113, 'only insiders may (un)mark an attachment private'],
    [129, 'an invalid flag status'],
    [130, 'the caller may not grant this flag'],
    [131, 'this flag cannot be requested from a given person'],
    [604, 'summary may not be blank'],
    [67399, "5.2's crash when data is given"],
  ],
  'GET /rest/bug/comment/tags/{id}': [
    [125, 'comment tagging is off (no comment_taggers_group)'],
    [304, 'only editbugs members may search comment tags'],
  ],
  'PUT /rest/bug/comment/{id}/tags': [
    [102, "the comment's bug is not visible to the caller"],
    [52, 'the comment id is not a number'],
    [110, 'the comment is private'],
    [125, 'comment tagging is off (no comment_taggers_group)'],
    [126, 'a tag with invalid characters'],
    [127, 'a tag longer than 24 characters'],
    [128, 'a tag shorter than 3 characters'],
    [304, 'only editbugs members may tag comments'],
  ],
  'GET /rest/product': [
    [50, 'ids, names or type is required'],
    [32000, 'an unknown product type'],
  ],
  'POST /rest/product': [
    [304, 'only editcomponents members may create products'],
    [700, 'name is required'],
    [701, 'the name is too long'],
    [702, 'the product already exists'],
    [703, 'description is required'],
    [704, 'version is required'],
  ],
  'PUT /rest/product/{id}': [
    [106, 'no such product, or not accessible'],
    [304, 'only editcomponents members may edit products'],
    [702, 'the product already exists'],
    [705, 'the default milestone does not exist'],
  ],
  'POST /rest/component': [
    [51, 'no such user'],
    [106, 'no such product, or not accessible'],
    [304, 'only editcomponents members may create components'],
    [1200, 'the product already has a component of that name'],
    [32000, 'a required field (description, default assignee) is blank'],
  ],
  'GET /rest/classification/{id}': [
    [51, 'no such classification'],
    [900, 'classifications are not enabled'],
  ],
  'GET /rest/field/bug/{id}': [[51, 'no such field']],
  'GET /rest/field/bug/{id}/values': [
    [50, 'product_id is required for this field'],
    [108, 'not a field with legal values'],
  ],
  'GET /rest/field/bug/{id}/{product_id}/values': [
    [106, 'no such product, or not accessible'],
    [108, 'not a field with legal values'],
  ],
  'GET /rest/user': [
    [50, 'ids, names or match is required'],
    [51, 'no such user'],
    [505, 'logged-out callers may not search users by id or match'],
    [804, 'an invalid group'],
  ],
  'GET /rest/user/{id}': [
    [51, 'no such user'],
    [505, 'logged-out callers may not ask for users by id'],
  ],
  'POST /rest/user': [
    [50, 'email is required'],
    [304, 'only editusers members may create accounts'],
    [500, 'the account already exists'],
    [501, 'an invalid e-mail address'],
  ],
  'PUT /rest/user/{id}': [
    [51, 'no such user'],
    [304, 'only editusers members may edit accounts, and only groups they may bless'],
    [500, 'the account already exists'],
  ],
  'GET /rest/group': [
    [51, 'no such group'],
    [805, 'only editusers or creategroups members may list groups'],
  ],
  'POST /rest/group': [
    [304, 'only creategroups members may create groups'],
    [800, 'name is required'],
    [801, 'the group already exists'],
    [802, 'description is required'],
    [803, 'an invalid user regexp'],
  ],
  'PUT /rest/group/{id}': [
    [51, 'no such group'],
    [304, 'only creategroups members may edit groups'],
    [801, 'the group already exists'],
  ],
  'GET /rest/flag_type/{id}': [[106, 'no such product, or not accessible']],
  'GET /rest/flag_type/{id}/{component}': [
    [51, 'no such component'],
    [106, 'no such product, or not accessible'],
  ],
  'POST /rest/flag_type': [
    [50, 'name, description or target_type is required'],
    [51, 'no such component or group'],
    [53, 'an inclusion or exclusion that is not product or product:component'],
    [106, 'no such product, or not accessible'],
    [304, 'only editcomponents members may create flag types'],
    [1101, 'an invalid flag type name'],
    [68000, 'an invalid target type'],
  ],
  'PUT /rest/flag_type/{id}': [
    [51, 'no such flag type, component or group'],
    [53, 'an inclusion or exclusion that is not product or product:component'],
    [106, 'no such product, or not accessible'],
    [304, 'only editcomponents members may edit flag types'],
    [1101, 'an invalid flag type name'],
    [1105, 'the caller may not edit this flag type'],
    [67399, "5.2's crash when sort_key is given"],
  ],
};

/** Every code an endpoint may answer, each once, in a stable order. */
export function errorCodesOf(key: EndpointKey, auth: AuthPolicy, pathNamesBug: boolean): CodeNote[] {
  const notes = [
    ...ANY_METHOD,
    ...(auth === 'ignore' ? [] : READS_CREDENTIALS),
    ...(auth === 'required' || auth === 'optional-unless-requirelogin' ? NEEDS_LOGIN : []),
    ...(pathNamesBug ? NAMES_A_BUG : []),
    ...(OWN_CODES[key] ?? []),
  ];
  const seen = new Set<number>();
  return notes.filter(([code]) => !seen.has(code) && seen.add(code) !== undefined);
}
