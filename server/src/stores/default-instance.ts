import defaultParameters from '../bugzilla/config/default-parameters.json' with { type: 'json' };
import type { StoreSnapshot } from '../bugzilla/store/snapshot.js';

/**
 * Bugzilla 5.2's parameters as observed on a fresh install, less `urlbase`:
 * the server answers its own address there unless a fixture sets one.
 */
export function defaultParameterSet(): Record<string, string> {
  const { urlbase: _urlbase, ...rest } = defaultParameters as Record<string, string>;
  return { ...rest };
}

export function defaultInstance(): StoreSnapshot['instance'] {
  return {
    version: '5.2',
    extensions: {},
    parameters: defaultParameterSet(),
    strict_involvement: false,
    visit_retention: false,
    db_time_offset_seconds: 0,
  };
}
