import { describe, expect, it } from 'vitest';
import { customFieldRecord } from '../../../testing/custom-field-record.js';
import { bugzillaDefaultCatalogue } from '../field/bugzilla-defaults.js';
import { snaked, unsnaked } from './snake-case.js';
import type { CatalogueData } from './types.js';

describe('the catalogue in the data file', () => {
  it('is written snake_case and read back as it was', () => {
    const catalogue = bugzillaDefaultCatalogue(1);
    const written = snaked(catalogue);
    expect(written.products[0]?.default_milestone).toBe('---');
    expect(written.products[0]?.components[0]?.default_assignee).toBe(1);
    expect(Object.keys(written.field_values)).toEqual(Object.keys(catalogue.fieldValues));
    expect(written.statuses[0]).toEqual({
      id: 1,
      value: 'UNCONFIRMED',
      sortkey: 100,
      is_active: true,
      visibility_value_id: null,
      is_open: true,
    });
    expect(unsnaked<CatalogueData>(JSON.parse(JSON.stringify(written)))).toEqual(catalogue);
  });

  it("leaves a tracking flag's values alone: they key its setter groups", () => {
    const catalogue = bugzillaDefaultCatalogue(1);
    const tracking = { kind: 'status', visibility: [], setterGroupIds: { fix_later: 2, Fixed: 3, '---': 2 } };
    const withFlag: CatalogueData = {
      ...catalogue,
      customFields: [customFieldRecord({ id: 900, name: 'cf_status_firefox120', type: 2, tracking })],
    };
    const written = snaked(withFlag);
    expect(written.custom_fields?.[0]?.tracking?.setter_group_ids).toEqual(tracking.setterGroupIds);
    expect(unsnaked<CatalogueData>(JSON.parse(JSON.stringify(written)))).toEqual(withFlag);
  });
});
