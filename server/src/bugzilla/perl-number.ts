/**
 * A number as Perl prints one it computed (its default `%.15g`): 5 as "5", 3.5 as "3.5", 0.3 - 0.1
 * as "0.2". Bugzilla shows such numbers as they are where it worked them out itself, as Bug.pm's
 * add_comment does with `max($self->remaining_time - $params->{work_time}, 0)`.
 */
export function perlNumberText(value: number): string {
  return String(Number(value.toPrecision(15)));
}
