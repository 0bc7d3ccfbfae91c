/**
 * The trackers the server can behave as. Only their names live
 * here, below the stores (a fixture may name one); how each behaves is profiles/profiles.ts.
 */
export const PROFILE_NAMES = ['bz-companion', 'bugzilla-5.2', 'bugzilla-5.1', 'bmo'] as const;

export type ProfileName = (typeof PROFILE_NAMES)[number];

export const DEFAULT_PROFILE: ProfileName = 'bz-companion';

export function isProfileName(name: unknown): name is ProfileName {
  return typeof name === 'string' && (PROFILE_NAMES as readonly string[]).includes(name);
}
