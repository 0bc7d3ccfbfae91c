import { describe, expect, it } from 'vitest';
import { customFieldRecord } from '../../../testing/custom-field-record.js';
import { Catalogue } from '../catalogue/catalogue.js';
import { bugzillaDefaultCatalogue } from './bugzilla-defaults.js';
import { type CustomField, FIELD_TYPE } from './custom-field.js';
import { choiceName, isVisibleOnBug } from './field-controllers.js';

/** The fields' settings but what each sets: Bug.create's form may show them (enter_bug). */
const base = { description: 'x', enterBug: true } as const;
const value = (id: number, name: string) => ({
  id,
  value: name,
  sortkey: id * 10,
  isActive: true,
  visibilityValueId: null,
});

function catalogue(): Catalogue {
  const data = bugzillaDefaultCatalogue(null);
  const stage: CustomField = customFieldRecord({
    ...base,
    id: 60,
    name: 'cf_stage',
    type: FIELD_TYPE.singleSelect,
    values: [value(1, '---'), value(2, 'testing')],
  });
  const os: CustomField = customFieldRecord({
    ...base,
    id: 61,
    name: 'cf_os',
    type: FIELD_TYPE.multiSelect,
    values: [value(1, 'linux'), value(2, 'windows')],
  });
  const onlyInTestProduct: CustomField = customFieldRecord({
    ...base,
    id: 62,
    name: 'cf_fw',
    type: FIELD_TYPE.freetext,
    visibilityField: 'product',
    visibilityValueIds: [1],
  });
  const whenTesting: CustomField = customFieldRecord({
    ...base,
    id: 63,
    name: 'cf_phase',
    type: FIELD_TYPE.freetext,
    visibilityField: 'cf_stage',
    visibilityValueIds: [2],
  });
  const onWindows: CustomField = { ...whenTesting, id: 64, name: 'cf_win', visibilityField: 'cf_os' };
  data.customFields = [stage, os, onlyInTestProduct, whenTesting, onWindows];
  return Catalogue.from(data);
}

describe('visibility and value controllers', () => {
  it('names a controlling value by its id, whichever field it belongs to', () => {
    const c = catalogue();
    expect(choiceName(c, 'product', 1)).toBe('TestProduct');
    expect(choiceName(c, 'cf_stage', 2)).toBe('testing');
    expect(choiceName(c, 'priority', 1)).toBe('Highest');
    expect(choiceName(c, 'cf_stage', 9)).toBeUndefined();
  });

  it('shows a field on a bug whose controlling field holds one of its visibility values', () => {
    const c = catalogue();
    const field = (name: string) => c.customField(name) as CustomField;
    expect(isVisibleOnBug(c, field('cf_stage'), {})).toBe(true);
    expect(isVisibleOnBug(c, field('cf_fw'), { product: 'TestProduct' })).toBe(true);
    expect(isVisibleOnBug(c, field('cf_fw'), { product: 'Other' })).toBe(false);
    expect(isVisibleOnBug(c, field('cf_phase'), { custom: { cf_stage: 'testing' } })).toBe(true);
    expect(isVisibleOnBug(c, field('cf_phase'), {})).toBe(false);
    expect(isVisibleOnBug(c, field('cf_win'), { custom: { cf_os: ['linux', 'windows'] } })).toBe(true);
    expect(isVisibleOnBug(c, field('cf_win'), { custom: { cf_os: ['linux'] } })).toBe(false);
  });
});
