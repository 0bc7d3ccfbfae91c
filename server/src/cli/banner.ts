/**
 * What `serve` prints when ready, as one string written at once, so a script
 * that waits for the first line (`listening on URL`) also gets the key with it.
 */
export function readyBanner(
  baseUrl: string,
  notes: readonly string[],
  adminApiKey: string | undefined,
  adminPassword?: string,
): string {
  const lines = [`listening on ${baseUrl}`, ...notes];
  if (adminApiKey) {
    lines.push(
      `admin api key: ${adminApiKey}`,
      ...(adminPassword ? [`admin password: ${adminPassword} (admin@example.com)`] : []),
      '  (printed once; the store keeps only their hashes)',
      `try: curl -H 'X-BUGZILLA-API-KEY: ${adminApiKey}' ${baseUrl}/rest/bug_user_last_visit`,
      'extension: load extension/dist/chromium (or dist/firefox) unpacked, then in its options set',
      `  Tracker URL ${baseUrl}/ and this API key (docs/extension.md)`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Said on stderr when the server can be reached from other machines, or null on loopback. */
export function exposureWarning(address: string, admin = false): string | null {
  if (address === '::1' || address.startsWith('127.')) return null;
  const warning =
    `bz-companion: warning: listening on ${address}, not loopback: other machines can reach this server. ` +
    'Every request needs an API key to read or change visits, but the traffic is plain HTTP.';
  if (!admin) return warning;
  return (
    `${warning}\nbz-companion: warning: --admin on a non-loopback address: anyone who can reach this server can ` +
    'reset its data, read its request journal, inject faults and set its clock.'
  );
}
