import { type Audience, parameterAudience, visibleParameters } from '../../bugzilla/config/parameter-audience.js';
import type { User } from '../../bugzilla/types.js';
import { PreparedJson } from '../../http/prepared-json.js';

type ParametersAnswer = PreparedJson<{ parameters: Record<string, string> }>;

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
  // The answer is the same for everyone of one audience.
  const audience = parameterAudience(user, loggedIn);
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
    answer = new PreparedJson({ parameters: visibleParameters(all, audience, urlbase) });
    byBase.set(urlbase, answer);
  }
  return answer;
}
