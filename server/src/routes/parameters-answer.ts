import { PARAMETER_ADMIN_GROUP, visibleParameters } from '../domain/parameter-audience.js';
import type { User } from '../domain/types.js';
import { PreparedJson } from '../http/prepared-json.js';

type ParametersAnswer = PreparedJson<{ parameters: Record<string, string> }>;

/** Who sees which parameters: the answer is the same for everyone of one kind. */
type Audience = 'anonymous' | 'admin' | readonly string[];

/** A few server addresses at most (the Host check refuses others); bounded anyway. */
const MAX_PER_PARAMETERS = 32;

/**
 * Prepared `{parameters}` answers, by the parameter map they were made from: a new map (a reset,
 * Bugzilla's params.json changing) is a new key, so an answer never outlives its data.
 */
const answers = new WeakMap<object, Map<Audience, Map<string, ParametersAnswer>>>();

/** Bugzilla.parameters' answer for `user`, made once per parameter map, audience and urlbase. */
export function parametersAnswer(
  all: Readonly<Record<string, string>>,
  user: User | undefined,
  urlbase: string,
  loggedIn: readonly string[],
): ParametersAnswer {
  const audience: Audience = !user ? 'anonymous' : user.groups.includes(PARAMETER_ADMIN_GROUP) ? 'admin' : loggedIn;
  let byAudience = answers.get(all);
  if (!byAudience) {
    byAudience = new Map();
    answers.set(all, byAudience);
  }
  let byBase = byAudience.get(audience);
  if (!byBase) {
    byBase = new Map();
    byAudience.set(audience, byBase);
  }
  let answer = byBase.get(urlbase);
  if (!answer) {
    if (byBase.size >= MAX_PER_PARAMETERS) byBase.clear();
    answer = new PreparedJson({ parameters: visibleParameters(all, user, urlbase, loggedIn) });
    byBase.set(urlbase, answer);
  }
  return answer;
}
