/**
 * A DATETIME column as Bugzilla's MySQL hands it over (`YYYY-MM-DD HH:MM:SS`, the server's zone: UTC
 * here), which BMO's to_hash methods pass on as they read it.
 */
export const columnTime = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
