/**
 * Perl's truth, as Bugzilla reads every flag a client sends (check_boolean, `if ($params->{x})`): false
 * for nothing (undef), false, 0, "0" and the empty text; true for anything else ("0.0", "00", a list).
 */
export function perlTrue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '0' && value !== '';
}
