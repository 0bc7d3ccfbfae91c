import type { Catalogue } from '../catalogue/catalogue.js';
import type { Product, SelectFieldName } from '../catalogue/types.js';
import { BugzillaError } from '../errors.js';
import { writeErrors } from './write-errors.js';

/** The select fields of a bug by the API's name: the catalogue's field, and the class 5.2's "There is no X named" names. */
export const SELECT_FIELDS = {
  priority: { field: 'priority', bugzilla: 'priority', kind: 'Priority' },
  severity: { field: 'bug_severity', bugzilla: 'bug_severity', kind: 'Severity' },
  op_sys: { field: 'op_sys', bugzilla: 'op_sys', kind: 'OS' },
  platform: { field: 'rep_platform', bugzilla: 'rep_platform', kind: 'Hardware' },
} as const satisfies Record<string, { field: SelectFieldName; bugzilla: string; kind: string }>;

/** A parameter's text as 5.2 reads a scalar (trimmed); undefined when absent. */
export function scalarText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return undefined;
  return String(value).trim();
}

/** A select field's value as the catalogue spells it; 51 when there is none (values match exactly, as in 5.2). */
export function checkSelectValue(catalogue: Catalogue, api: keyof typeof SELECT_FIELDS, value: string): string {
  const { field, kind } = SELECT_FIELDS[api];
  const found = catalogue.value(field, value);
  if (!found) throw writeErrors.noSuchValue(kind, value);
  return found.value;
}

export function checkStatus(catalogue: Catalogue, value: string): string {
  const status = catalogue.status(value);
  if (!status) throw writeErrors.noSuchValue('status', value);
  return status.value;
}

export function checkResolution(catalogue: Catalogue, value: string): string {
  const found = catalogue.value('resolution', value);
  if (!found) throw writeErrors.noSuchValue('Resolution', value);
  return found.value;
}

export function checkComponent(catalogue: Catalogue, product: Product, name: string): string {
  const component = catalogue.component(product, name);
  if (!component) throw writeErrors.noSuchInProduct('component', name, product.name);
  return component.name;
}

/** A version of the product; an inactive one is refused as 5.2 does for a new value. */
export function checkVersion(catalogue: Catalogue, product: Product, value: string, current?: string): string {
  const version = catalogue.version(product, value);
  if (!version) throw writeErrors.noSuchInProduct('version', value, product.name);
  if (!version.isActive && value !== current) {
    throw new BugzillaError(32000, `The version value '${value}' is not active.`);
  }
  return version.value;
}

export function checkMilestone(catalogue: Catalogue, product: Product, value: string, current?: string): string {
  const milestone = catalogue.milestone(product, value);
  if (!milestone) throw writeErrors.noSuchInProduct('milestone', value, product.name);
  if (!milestone.isActive && value !== current) {
    throw new BugzillaError(32000, `The milestone value '${value}' is not active.`);
  }
  return milestone.value;
}

/** Keyword names as the catalogue spells them (any letter case given), sorted as 5.2 sorts them. */
export function checkKeywords(catalogue: Catalogue, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of names) {
    const text = name.trim();
    if (text === '') continue;
    const keyword = catalogue.keyword(text);
    if (!keyword) throw writeErrors.noSuchKeyword(text);
    if (!found.includes(keyword.name)) found.push(keyword.name);
  }
  return sortKeywords(found);
}

function sortKeywords(names: string[]): string[] {
  return names.sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
}

/** The summary as 5.2 keeps it: trimmed, required, at most 255 characters. */
export function checkSummary(value: unknown): string {
  const text = scalarText(value) ?? '';
  if (text === '') throw writeErrors.requireSummary();
  const length = [...text].length;
  if (length > 255) throw writeErrors.summaryTooLong(length);
  return text;
}

/** 5.2's alias rules (Bug::_check_alias): not a number, no comma or space, at most 40 characters. */
export function checkAliasText(alias: string): string {
  const text = alias.trim();
  if (text.length > 40) throw writeErrors.aliasTooLong();
  if (/^\d+$/.test(text)) throw writeErrors.aliasIsNumeric(text);
  if (/[, ]/.test(text)) throw writeErrors.aliasHasCommaOrSpace(text);
  return text;
}
