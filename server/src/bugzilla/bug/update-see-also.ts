import {
  checkLocalBug,
  checkSeeAlsoValue,
  localBugOfRemoved,
  reverseSeeAlso,
  SeeAlsoList,
  setSeeAlsoFields,
} from '../bug-url/see-also-change.js';
import { checkCanChange } from './can-change.js';
import type { UpdateContext } from './update-context.js';
import { addRemoveSet, texts } from './update-params.js';
import type { WorkingBug } from './working-bug.js';

/**
 * See Also's add and remove, as 5.2's add_see_also and remove_see_also: each value in its class's
 * form (bugzilla/bug-url), and a local bug's link mirrored on that bug where the user may change it.
 */
export function setSeeAlso(plan: UpdateContext, working: WorkingBug): void {
  const form = addRemoveSet(plan.command.params.see_also, 'see_also');
  const { actor, parameters, urlbase } = plan.command;
  const context = {
    actor,
    parameters,
    urlbase,
    bug: (id: number) => plan.bug(id),
    aliasOwner: (alias: string) => plan.view.aliasOwner(alias),
  };
  const list = new SeeAlsoList(working.bug);
  const add = () => {
    for (const url of texts(form.add)) {
      // add_see_also: nothing (a null, an empty text, Perl's false "0") adds nothing.
      if (url === '' || url === '0') continue;
      const checked = checkSeeAlsoValue(url, working.id, context);
      if (!checked || !list.add(checked.value, checked.className)) continue;
      if (checked.localBug) mirrorSeeAlso(plan, checked.localBug.id, working.id, 'add');
    }
  };
  const remove = () => {
    for (const url of texts(form.remove)) {
      const removed = list.remove(url);
      const other = removed && localBugOfRemoved(removed.value, removed.className, urlbase);
      if (other !== undefined) mirrorSeeAlso(plan, checkLocalBug(other, context).id, working.id, 'remove');
    }
  };
  if (plan.command.seeAlsoRemovesFirst) {
    remove();
    add();
  } else {
    add();
    remove();
  }
  if (list.added.length + list.removed.length === 0) return;
  const removed = list.removed.join(', ');
  const added = list.added.join(', ');
  plan.checkChange(working, 'see_also', removed, added);
  working.record('see_also', removed, added);
  setSeeAlsoFields(working.bug, list);
}

/** The reverse of a local See Also link, on the other bug, when the user may change its See Also (else none, as 5.2). */
function mirrorSeeAlso(plan: UpdateContext, otherId: number, selfId: number, how: 'add' | 'remove'): void {
  const other = plan.workingBug(otherId);
  const { actor, parameters, catalogue, urlbase } = plan.command;
  const reverse = reverseSeeAlso(selfId, urlbase);
  const list = new SeeAlsoList(other.bug);
  const changed = how === 'add' ? list.add(reverse.value, reverse.className) : list.remove(reverse.value);
  if (!changed) return;
  const [removed, added] = how === 'add' ? ['', String(selfId)] : [String(selfId), ''];
  try {
    checkCanChange(actor, other.original, 'see_also', removed, added, {
      parameters,
      isOpen: (status) => catalogue.isOpen(status),
    });
  } catch {
    return;
  }
  const earlier = other.changes.get('see_also');
  const join = (a: string | undefined, b: string) => (a ? (b ? `${a}, ${b}` : a) : b);
  other.changes.delete('see_also');
  other.record(
    'see_also',
    join(earlier?.removed, list.removed.join(', ')),
    join(earlier?.added, list.added.join(', ')),
  );
  setSeeAlsoFields(other.bug, list);
}
