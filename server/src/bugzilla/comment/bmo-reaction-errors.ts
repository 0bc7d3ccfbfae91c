import { BugzillaError } from '../errors.js';

/** BMO's errors of comment reactions (Bugzilla/WebService/Constants.pm, global/user-error.html.tmpl). */
export const reactionErrors = {
  disabled: () => new BugzillaError(136, 'Comment reactions are not enabled.'),
  invalid: (reaction: unknown) =>
    new BugzillaError(137, `The comment reaction "${String(reaction ?? '')}" is not supported.`),
  closed: () => new BugzillaError(138, 'This bug no longer accepts comment reactions.'),
  restricted: () => new BugzillaError(139, 'You are not allowed to react to comments on this bug.'),
  /** Bugzilla::Object->new of an id that is not a number (Bugzilla::Comment->new). */
  notNumeric: () => new BugzillaError(52, 'Invalid parameter passed to Bugzilla::Comment::new: It must be numeric.'),
};
