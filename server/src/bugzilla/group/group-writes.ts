import type { Catalogue } from '../catalogue/catalogue.js';
import { type CatalogueChange, editable, nextIdOf } from '../catalogue/catalogue-change.js';
import { catalogueErrors, catalogueWriteErrors } from '../catalogue/catalogue-errors.js';
import type { GroupDefinition } from '../catalogue/types.js';
import { isSafeUserRegexp } from './membership.js';

/** Group.create as asked (absent members are undefined). */
export interface NewGroup {
  name: string | undefined;
  description: string | undefined;
  userRegexp: string | undefined;
  isActive: boolean | undefined;
  iconUrl: string | undefined;
}

function checkedRegexp(source: string): string {
  try {
    new RegExp(source);
  } catch {
    throw catalogueWriteErrors.groupRegexpInvalid();
  }
  // Not 5.2's: it runs any regexp; here one that could backtrack without end is refused (membership.ts).
  if (source !== '' && !isSafeUserRegexp(source)) throw catalogueWriteErrors.groupRegexpInvalid();
  return source;
}

function checkedName(name: string | undefined, current: Catalogue, self?: GroupDefinition): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') throw catalogueWriteErrors.groupNameMissing();
  const existing = current.group(trimmed);
  if (existing && existing.id !== self?.id) throw catalogueWriteErrors.groupNameTaken(trimmed);
  return trimmed;
}

/** Group.create: always a bug group; inactive unless `is_active` says otherwise (as 5.2 stores it). */
export function createGroup(input: NewGroup): CatalogueChange<{ id: number }> {
  return (current) => {
    const name = checkedName(input.name, current);
    const description = (input.description ?? '').trim();
    if (description === '') throw catalogueWriteErrors.groupDescriptionMissing();
    const userRegexp = checkedRegexp(input.userRegexp ?? '');
    const next = editable(current);
    const id = nextIdOf(next.groups);
    next.groups.push({
      id,
      name,
      description,
      isBugGroup: true,
      userRegexp,
      isActive: input.isActive ?? false,
      iconUrl: input.iconUrl ? input.iconUrl : null,
    });
    return { next, answer: { id } };
  };
}

export type GroupChanges = Partial<Record<'name' | 'description' | 'userRegexp' | 'iconUrl', string>> & {
  isActive?: boolean | undefined;
};

type Changes = Record<string, { added: string | null; removed: string | null }>;

/** Group.update: every group named, with 5.2's names for what changed (a cleared icon is `null`). */
export function updateGroups(
  ids: readonly string[],
  names: readonly string[],
  changes: GroupChanges,
): CatalogueChange<{ groups: Array<{ id: number; changes: Changes }> }> {
  return (current) => {
    const chosen: GroupDefinition[] = [];
    for (const id of ids) {
      const group = /^\d+$/.test(id) ? current.groupById(Number(id)) : undefined;
      if (!group) throw catalogueErrors.noSuchObject('group', 'id', id);
      if (!chosen.includes(group)) chosen.push(group);
    }
    for (const name of names) {
      const group = current.group(name);
      if (!group) throw catalogueErrors.noSuchObject('group', 'name', name);
      if (!chosen.includes(group)) chosen.push(group);
    }
    const next = editable(current);
    const renamedGroups: Array<readonly [string, string]> = [];
    const groups = chosen.map((group) => {
      const editing = next.groups.find((g) => g.id === group.id) as GroupDefinition;
      const result: Changes = {};
      const set = (key: string, before: string | null, after: string | null) => {
        if (before !== after) result[key] = { removed: before, added: after };
      };
      if (changes.name !== undefined) {
        const name = checkedName(changes.name, current, group);
        set('name', editing.name, name);
        if (name !== editing.name) renamedGroups.push([editing.name, name]);
        editing.name = name;
      }
      if (changes.description !== undefined) {
        const description = changes.description.trim();
        if (description === '') throw catalogueWriteErrors.groupDescriptionMissing();
        set('description', editing.description, description);
        editing.description = description;
      }
      if (changes.userRegexp !== undefined) {
        const regexp = checkedRegexp(changes.userRegexp);
        set('user_regexp', editing.userRegexp, regexp);
        editing.userRegexp = regexp;
      }
      if (changes.isActive !== undefined) {
        set('is_active', editing.isActive ? '1' : '0', changes.isActive ? '1' : '0');
        editing.isActive = changes.isActive;
      }
      if (changes.iconUrl !== undefined) {
        const icon = changes.iconUrl === '' ? null : changes.iconUrl;
        set('icon_url', editing.iconUrl, icon);
        editing.iconUrl = icon;
      }
      return { id: group.id, changes: result };
    });
    return { next, answer: { groups }, renamedGroups };
  };
}
