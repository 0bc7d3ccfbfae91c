import type { User } from '../../bugzilla/types.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';

/** A user as BMO's `_user_to_hash` gives one with no fields filtered (Bugzilla/WebService/Bug.pm). */
export function bmoUserJson(user: User) {
  return { id: user.id, real_name: user.realName, nick: nickOf(user), name: user.login, email: user.login };
}
