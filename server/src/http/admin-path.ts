/** The admin API's paths (`/__admin/...`), which only exist with `--admin`. */
export const ADMIN_PREFIX = '/__admin/';

export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) || path === '/__admin';
}
