import { BugzillaError } from '../errors.js';

/**
 * User.offer_account_by_email as 5.2's Bugzilla::Token::issue_new_user_account_token decides it:
 * a new `account` token for an address, refused while one issued for the same address (in any
 * letter case) is younger than ACCOUNT_CHANGE_INTERVAL (10 minutes), so that the address is not
 * mail-bombed. The companion sends no mail; it keeps the offer (address and time), not a token.
 */

export const ACCOUNT_CHANGE_INTERVAL_SECONDS = 10 * 60;
/** 5.2's MAX_TOKEN_AGE (3 days): older tokens are cleaned away. */
export const MAX_TOKEN_AGE_SECONDS = 3 * 24 * 60 * 60;

export interface AccountOffer {
  email: string;
  /** Epoch seconds (the database clock of the request). */
  issued: number;
}

const accountOfferErrors = {
  // An error 5.2 has no WebService code for: 32000, its "user error" catch-all.
  tooSoon: () =>
    new BugzillaError(
      32000,
      'You have requested an account token too recently to request another. Please wait 10 minutes then try again.',
    ),
};

/** The offer to record, or the refusal when one for the address is still too recent. */
export function plannedAccountOffer(earlier: readonly AccountOffer[], email: string, now: number): AccountOffer {
  const address = email.toLowerCase();
  const since = now - ACCOUNT_CHANGE_INTERVAL_SECONDS;
  if (earlier.some((offer) => offer.issued > since && offer.email.toLowerCase() === address)) {
    throw accountOfferErrors.tooSoon();
  }
  return { email, issued: now };
}
