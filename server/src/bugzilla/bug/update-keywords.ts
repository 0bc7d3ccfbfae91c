import { checkKeywords } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import { addRemoveOrSet, texts } from './update-params.js';
import { listDiff, type WorkingBug } from './working-bug.js';

/** Keywords' add, remove or set (5.2's modify_keywords: a plain list, or one name, is a `set`). */
export function setKeywords(plan: UpdateContext, working: WorkingBug): void {
  const { catalogue, params } = plan.command;
  const form = addRemoveOrSet(params.keywords, 'keywords');
  let result = [...working.bug.fields.keywords];
  for (const action of ['add', 'remove', 'set'] as const) {
    const given = form[action];
    if (!given) continue;
    const names = checkKeywords(catalogue, texts(given));
    if (action === 'set') result = names;
    else if (action === 'add') result = [...result, ...names.filter((name) => !result.includes(name))];
    else result = result.filter((name) => !names.includes(name));
  }
  result = checkKeywords(catalogue, result);
  const old = working.bug.fields.keywords;
  const { removed, added } = listDiff(old, result);
  if (removed.length + added.length === 0) return;
  plan.checkChange(working, 'keywords', '0', '1');
  working.record('keywords', removed.join(', '), added.join(', '));
  working.bug.fields.keywords = result;
}
