import { BugzillaError } from '../errors.js';

/** Bugzilla::Constants USER_PASSWORD_MIN_LENGTH. */
const MIN_LENGTH = 6;

/** The classes each `password_complexity` level asks for, and how 5.2's message lists them. */
const LEVELS: Readonly<Record<string, { tests: RegExp[]; items: string[] }>> = {
  mixed_letters: { tests: [/\p{Ll}/u, /\p{Lu}/u], items: ['UPPERCASE letter', 'lowercase letter'] },
  letters_numbers: {
    tests: [/\p{Ll}/u, /\p{Lu}/u, /\d/],
    items: ['UPPERCASE letter', 'lowercase letter', 'digit'],
  },
  letters_numbers_specialchars: {
    tests: [/\p{L}/u, /\d/, /[!-/:-@[-`{-~]/],
    items: ['letter', 'special character', 'digit'],
  },
};

/**
 * 5.2's validate_password (User.pm): at least 6 characters (502 over the WebService), and the
 * classes the tracker's `password_complexity` asks for (305).
 */
export function checkPassword(password: string, complexity: string | undefined): void {
  if ([...password].length < MIN_LENGTH) {
    throw new BugzillaError(502, `The password must be at least ${MIN_LENGTH} characters long.`);
  }
  const level = LEVELS[complexity ?? ''];
  if (level && !level.tests.every((test) => test.test(password))) {
    throw new BugzillaError(305, `The password must contain at least one: ${level.items.join(' ')}`);
  }
}
