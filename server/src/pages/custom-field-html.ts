import { formatBugzillaTime } from '@bz-companion/shared';
import type { Catalogue } from '../bugzilla/catalogue/catalogue.js';
import { FIELD_TYPE } from '../bugzilla/field/custom-field.js';
import { customValue } from '../bugzilla/field/custom-values.js';
import { isVisibleOnBug } from '../bugzilla/field/field-controllers.js';
import type { Bug } from '../bugzilla/types.js';
import { escapeHtml } from './escape-html.js';

/**
 * The bug's custom fields as show_bug.cgi lists them (bug/edit.html.tmpl, read only): each active
 * one shown on this bug (Field::is_visible_on_bug), by its description, in Bugzilla's order; a bug id
 * as a link to that bug, a large text box as preformatted text, a date/time in UTC.
 */
export function customFieldRows(bug: Bug, catalogue: Catalogue): string {
  const rows: string[] = [];
  for (const field of catalogue.activeCustomFields()) {
    if (!isVisibleOnBug(catalogue, field, bug.fields)) continue;
    const value = customValue(bug.fields, field);
    let html: string;
    if (value === null) html = '';
    else if (field.type === FIELD_TYPE.bugId) html = `<a href="show_bug.cgi?id=${value}">Bug ${value}</a>`;
    else if (field.type === FIELD_TYPE.datetime) {
      html = escapeHtml(
        formatBugzillaTime((value as number) * 1000)
          .replace('T', ' ')
          .replace('Z', ' UTC'),
      );
    } else if (field.type === FIELD_TYPE.textarea) html = `<pre>${escapeHtml(value as string)}</pre>`;
    else html = escapeHtml(Array.isArray(value) ? value.join(', ') : String(value));
    rows.push(`<dt data-field="${escapeHtml(field.name)}">${escapeHtml(field.description)}</dt><dd>${html}</dd>`);
  }
  return rows.join('\n');
}
