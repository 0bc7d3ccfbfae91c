import { MAX_TOKEN_AGE_SECONDS, plannedAccountOffer } from '../../bugzilla/user/account-offers.js';
import { generateTokenSecret } from '../../bugzilla/user/login-tokens.js';
import type { Database } from './database.js';
import { OUR_SQL } from './rows.js';

/** One offer at a time (the "too soon" check reads what the previous one wrote). */
const OFFER_LOCK = "SELECT pg_advisory_xact_lock(hashtext('bzc_account_offer'))";

/**
 * User.offer_account_by_email on PostgreSQL: an `account` row in 5.2's `tokens` (eventdata = the
 * address, no user), planned against the offers already there; tokens older than 5.2's
 * MAX_TOKEN_AGE are cleaned away at the same time, as 5.2's CleanTokenTable does.
 */
export function offerAccountIn(db: Database, email: string, now: number): Promise<void> {
  return db.transaction(async (client) => {
    await client.query(OFFER_LOCK);
    const { rows } = await client.query<{ email: string; issued: string }>(
      `SELECT eventdata AS email, ${OUR_SQL.epochSeconds('issuedate')} AS issued FROM tokens
       WHERE tokentype = 'account' AND lower(eventdata) = lower($1)`,
      [email],
    );
    const offer = plannedAccountOffer(
      rows.map((row) => ({ email: row.email, issued: Number(row.issued) })),
      email,
      now,
    );
    await client.query(`DELETE FROM tokens WHERE issuedate < ${OUR_SQL.timestamp('$1')}`, [
      now - MAX_TOKEN_AGE_SECONDS,
    ]);
    await client.query(
      `INSERT INTO tokens (issuedate, token, tokentype, eventdata)
       VALUES (${OUR_SQL.timestamp('$1')}, $2, 'account', $3)`,
      [offer.issued, generateTokenSecret(), offer.email],
    );
  });
}
