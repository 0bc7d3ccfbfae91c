import { type AccessParameters, canSeeBug } from '../access.js';
import type { User } from '../types.js';
import { list } from './create-command.js';
import type { BugView } from './effect.js';
import { checkAliasText } from './field-values.js';
import { writeErrors } from './write-errors.js';

export function checkAliases(view: BugView, actor: User, parameters: AccessParameters, given: unknown): string[] {
  const aliases: string[] = [];
  for (const item of list(given)) {
    const alias = checkAliasText(String(item));
    if (alias === '') continue;
    if (aliases.includes(alias)) continue;
    const owner = view.aliasOwner(alias);
    if (owner !== undefined) {
      const other = view.bug(owner);
      throw writeErrors.aliasInUse(alias, other && canSeeBug(actor, other, parameters) ? owner : null);
    }
    aliases.push(alias);
  }
  return aliases.sort();
}

/** 5.2 inserts each alias in turn once the bug is in: the same one twice breaks the table's unique index. */
export function checkAliasesDistinct(given: readonly unknown[]): void {
  const seen = new Set<string>();
  for (const item of given) {
    const alias = String(item).trim();
    if (seen.has(alias)) {
      throw writeErrors.wrongShape(
        'DBD::Pg::st execute failed: ERROR:  duplicate key value violates unique constraint "bugs_aliases_alias_idx"',
        'alias',
        'a list of different aliases',
      );
    }
    seen.add(alias);
  }
}
