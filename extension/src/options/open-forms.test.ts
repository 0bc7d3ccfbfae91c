import { describe, expect, it } from 'vitest';
import { addForm, dropForm, initialForms, isOpen, toggleForm } from './open-forms.js';

const openOf = (forms: ReturnType<typeof initialForms>, ids: string[]) => ids.filter((id) => isOpen(forms, id));

describe('the open forms of the options page', () => {
  it('starts compact with several trackers, open with one, and with the draft given', () => {
    expect(openOf(initialForms(['a', 'b', 'c'], []), ['a', 'b', 'c'])).toEqual([]);
    expect(openOf(initialForms(['a'], []), ['a'])).toEqual(['a']);
    expect(openOf(initialForms(['a'], ['new']), ['a', 'new'])).toEqual(['new']);
    // The only tracker stays open beside a second one being added.
    expect(openOf(addForm(initialForms(['a'], []), 'b'), ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('opens one saved tracker at a time, and closes it on a second click', () => {
    const saved = ['a', 'b', 'c'];
    let forms = toggleForm(initialForms(saved, []), 'b', []);
    expect(openOf(forms, saved)).toEqual(['b']);
    forms = toggleForm(forms, 'c', []);
    expect(openOf(forms, saved)).toEqual(['c']);
    forms = toggleForm(forms, 'c', []);
    expect(openOf(forms, saved)).toEqual([]);
  });

  it('keeps what was added on this visit open until a tracker is opened from the list; a draft never closes by itself', () => {
    let forms = addForm(initialForms(['a', 'b'], []), 'x');
    forms = addForm(forms, 'y');
    expect(openOf(forms, ['a', 'b', 'x', 'y'])).toEqual(['x', 'y']);
    // x was saved meanwhile, y is still a draft with what was typed into it.
    forms = toggleForm(forms, 'a', ['y']);
    expect(openOf(forms, ['a', 'b', 'x', 'y'])).toEqual(['a', 'y']);
    forms = addForm(forms, 'z');
    expect(openOf(forms, ['a', 'b', 'x', 'y', 'z'])).toEqual(['y', 'z']);
    expect(openOf(dropForm(forms, 'y'), ['y', 'z'])).toEqual(['z']);
  });
});
