/**
 * Which trackers of the options page show their form. The list is compact:
 * a saved tracker is one line until opened, and opening one closes the
 * other. Trackers added on this visit stay open (each shows what its Save
 * said) until one is opened from the list. With a single tracker there is
 * nothing to be compact about: it opens as the page does.
 */
export interface OpenForms {
  /** The saved tracker opened from the list, if any. */
  readonly chosen: string | null;
  /** Trackers added on this visit, saved or not yet, in the order added. */
  readonly added: readonly string[];
}

export function initialForms(savedIds: readonly string[], draftIds: readonly string[]): OpenForms {
  // The only tracker counts as one being added: "Add tracker" puts a second form beside it.
  const only = savedIds.length === 1 && draftIds.length === 0 ? savedIds : [];
  return { chosen: null, added: [...only, ...draftIds] };
}

/** A click on a saved tracker's line: it opens (closing the others saved), or closes when it was open. */
export function toggleForm(forms: OpenForms, id: string, unsavedIds: readonly string[]): OpenForms {
  const unsaved = forms.added.filter((added) => unsavedIds.includes(added));
  return isOpen(forms, id)
    ? { chosen: null, added: unsaved.filter((added) => added !== id) }
    : { chosen: id, added: unsaved };
}

/** "Add tracker": a new form, below the others added on this visit; the tracker opened from the list closes. */
export const addForm = (forms: OpenForms, id: string): OpenForms => ({ chosen: null, added: [...forms.added, id] });

/** A tracker just added stays open with what its Save said (a first run's form, or one "Track this tracker" asked for). */
export const keepOpen = (forms: OpenForms, id: string): OpenForms =>
  isOpen(forms, id) ? forms : { chosen: forms.chosen, added: [...forms.added, id] };

/** A removed tracker (or a dropped draft) leaves the open forms. */
export const dropForm = (forms: OpenForms, id: string): OpenForms => ({
  chosen: forms.chosen === id ? null : forms.chosen,
  added: forms.added.filter((added) => added !== id),
});

export const isOpen = (forms: OpenForms, id: string) => forms.chosen === id || forms.added.includes(id);
