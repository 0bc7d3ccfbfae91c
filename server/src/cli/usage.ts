export const USAGE = `bz-companion: Bugzilla 5.2's WebService API (REST, XML-RPC, JSON-RPC), to serve or to test against

Usage:
  bz-companion serve  [--host 127.0.0.1] [--port 3080] [--data ./data/bz-companion.json | --database URL] [--in-memory]
                     [--allowed-host NAME]... [--log-requests] [--admin] [--clock 2026-01-01T00:00:00Z]
                     [--profile bz-companion|bugzilla-5.2|bugzilla-5.1|bmo] [--bugzilla-schema --bugzilla-dir DIR]
                     [--max-connections 512] [--fold-after BYTES] [--latency DIST[@[METHOD ]PATH[*]]]...
                     [--proxy URL [--record DIR] | --replay DIR [--fallback]] [--validate]
  bz-companion import FIXTURE.json [--data FILE | --database URL]
                                                  replace the store's contents with a fixture
  bz-companion import --from-bugzilla URL [--bugzilla-dir DIR] [--with-passwords] [--data FILE | --database URL]
                                                  replace them with a Bugzilla 5.x's database (mysql:// or postgres://)
  bz-companion import --from-recordings DIR [--write-fixture FILE] [--data FILE | --database URL]
                                                  the same with what recordings (serve --record) saw:
                                                  bugs, comments, history, users, the session's visits
  bz-companion user add LOGIN [--real-name NAME] [--group G]... [--data FILE | --database URL]
                                                  create a user; prints the new API key alone
  bz-companion user key LOGIN [--data FILE | --database URL]
                                                  a new API key for LOGIN (a lost admin key, say), printed
                                                  alone; the user's other keys are revoked
  bz-companion --help | --version

serve prints "listening on http://HOST:PORT" when ready (--port 0 picks a free port).
With no data file, serve creates one with demo data and prints the admin's API key.
--database postgres://user:pass@host:5432/db keeps everything in PostgreSQL instead of the data file
(several instances may share one database; serve creates the tables, and demo data in an empty one).
--bugzilla-schema serves an existing Bugzilla 5.x's PostgreSQL database (--database) beside it: users, keys,
groups and bugs from its tables, settings from its directory DIR; of its tables only bug_user_last_visit
is written (login tokens go to a schema of ours, bz_companion).
import --from-bugzilla reads a Bugzilla 5.0–5.2 database on MySQL/MariaDB or PostgreSQL (read only): users
(passwords only with --with-passwords), API keys, groups, products, field values, workflow, bugs, flags,
comments, history, attachments, audit log and last visits; --bugzilla-dir DIR also brings its data/params.json.
PORT, HOST and DATABASE_URL in the environment are fallbacks for --port, --host and --database.
Requests whose Host header is not this server's own address are refused (a defence against DNS
rebinding); --allowed-host NAME accepts another name. --log-requests prints a line per request,
API keys redacted, and each fault and clock change.
--admin serves the admin API for tests under /__admin/ (reset, request journal, faults, clock,
retention; a body must be sent as application/json, and web pages of other sites are refused);
--clock starts the server's clock frozen at that instant. --profile answers as that
tracker does (default: the data's instance.profile, else bz-companion). --max-connections caps the
connections held open at once (default 512); more are closed as they arrive. --fold-after sets how many
bytes of journal the data file takes before they are folded into it on a worker thread (default 64 MiB).
--latency delays answers: DIST is fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN/P99 (ms), for every
request or @ those of a path (PATH* a prefix), optionally of one METHOD; the most specific rule applies.
--proxy URL forwards every request (REST, XML-RPC, JSON-RPC, pages) to that tracker; --record DIR
writes each exchange there, one file each, credentials removed (one still found is refused and named).
--replay DIR answers from such recordings; a request none matches is a 404 naming the nearest and how
it differs, or with --fallback the store's answer. --validate checks every REST request and answer
against the OpenAPI description (/rest/openapi.json) and journals each mismatch (/__admin/mismatches;
printed without --admin); with --proxy it checks the tracker behind.
`;

/** A mistake in the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const DEFAULT_DATA_FILE = './data/bz-companion.json';
