import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/bugzilla/store/store.js';
import { snapshotFromFixture } from '../../src/import/fixture/fixture.js';
import { openStore } from '../../src/stores/open/open-store.js';
import { createScratchDatabase } from '../../src/stores/postgres/scratch-database.js';
import { BUGZILLA_52_KEYS, bugzilla52Fixture } from '../bugzilla-5.2-fixture.js';
import { loadBugzilla, makeBugzillaDir } from '../bugzilla-test-database.js';
import { tempDir } from '../cli-server.js';
import { addCustomFieldsToBugzilla, withCustomFields } from '../custom-field-overlay.js';
import { everyBug } from '../every-bug.js';
import { type InProcessServer, serveStoreInProcess } from '../in-process-server.js';

/*
 * The store contract for custom fields: every store holding the recorded data set with the same
 * custom fields of every type (custom-field-overlay.ts) answers alike: the catalogue's fields, each
 * bug's values in the one form stores keep, Bug.get's and Bug.fields' answers; the stores that own
 * their data keep what Bug.create and Bug.update write, a Bugzilla database refuses it.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const fixtureSnapshot = () => snapshotFromFixture(withCustomFields(bugzilla52Fixture()));

interface StoreUnderTest {
  name: string;
  needsPostgres: boolean;
  owned: boolean;
  /** Whether it can hold BMO's tracking flags (a 5.2 database has no TrackingFlags tables). */
  trackingFlags: boolean;
  open(): Promise<{ store: Store; close(): Promise<void> }>;
}

const STORES: StoreUnderTest[] = [
  {
    name: 'the memory store',
    needsPostgres: false,
    owned: true,
    trackingFlags: true,
    async open() {
      const { store } = await openStore({ kind: 'memory', snapshot: fixtureSnapshot() });
      return { store, close: () => store.close() };
    },
  },
  {
    name: 'the file store',
    needsPostgres: false,
    owned: true,
    trackingFlags: true,
    async open() {
      const path = join(await tempDir(), 'data.json');
      const { store } = await openStore({ kind: 'file', path, create: fixtureSnapshot });
      return { store, close: () => store.close() };
    },
  },
  {
    name: 'PostgreSQL, our schema',
    needsPostgres: true,
    owned: true,
    trackingFlags: true,
    async open() {
      const database = await createScratchDatabase(TEST_DATABASE_URL as string);
      const { store } = await openStore({ kind: 'postgres', url: database.url, seed: fixtureSnapshot });
      return {
        store,
        close: async () => {
          await store.close();
          await database.drop();
        },
      };
    },
  },
  {
    name: 'a Bugzilla 5.2 database (--bugzilla-schema)',
    needsPostgres: true,
    owned: false,
    trackingFlags: false,
    async open() {
      const database = await createScratchDatabase(TEST_DATABASE_URL as string);
      const { default: pg } = await import('pg');
      const sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      await loadBugzilla(sql);
      await addCustomFieldsToBugzilla(sql);
      await sql.end();
      const dir = await makeBugzillaDir();
      const { store } = await openStore({ kind: 'bugzilla', url: database.url, bugzillaDir: dir });
      return {
        store,
        close: async () => {
          await store.close();
          await database.drop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

const SEVEN = {
  cf_build: '2026.11-b4',
  cf_stage: 'testing',
  cf_os: ['linux', 'windows'],
  cf_notes: 'Line one\r\nLine two',
  cf_due: Date.parse('2026-12-24T18:30:00Z') / 1000,
  cf_ship: '2027-01-15',
  cf_regressed_by: 8,
  cf_points: -3,
  cf_old: 'LEG-7',
};

for (const underTest of STORES) {
  describe.skipIf(underTest.needsPostgres && TEST_DATABASE_URL === undefined)(
    `the custom-field contract: ${underTest.name}`,
    () => {
      let store: Store;
      let close: () => Promise<void>;
      let server: InProcessServer;
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`);
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      beforeAll(async () => {
        ({ store, close } = await underTest.open());
        server = await serveStoreInProcess(store, { profile: 'bugzilla-5.2' });
      }, 60_000);
      afterAll(async () => {
        await server?.stop();
        await close?.();
      });

      it('knows the fields: types, order, values, flags, and visibility values by id', () => {
        const { catalogue } = store;
        expect(catalogue.customFields().map((field) => [field.name, field.type, field.obsolete])).toEqual([
          ['cf_build', 1, false],
          ['cf_stage', 2, false],
          ['cf_os', 3, false],
          ['cf_notes', 4, false],
          ['cf_due', 5, false],
          ['cf_ship', 9, false],
          ['cf_regressed_by', 6, false],
          ['cf_points', 10, false],
          ['cf_old', 1, true],
          ['cf_firmware', 1, false],
          ...(underTest.trackingFlags ? [['cf_status_widgets', 2, false]] : []),
        ]);
        expect(catalogue.customField('CF_STAGE')?.values.map((value) => [value.value, value.sortkey])).toEqual([
          ['---', 0],
          ['design', 200],
          ['testing', 300],
          ['released', 400],
        ]);
        const firmware = catalogue.customField('cf_firmware');
        expect(firmware?.isMandatory).toBe(true);
        expect(firmware?.visibilityValueIds).toEqual([catalogue.product('Gadgets')?.id]);
      });

      it("reads each bug's values with the bug, defaults left out, by id, by alias and among all", async () => {
        expect((await store.bugById(7))?.fields.custom).toEqual(SEVEN);
        expect((await store.bugByAlias('ff128-login'))?.fields.custom).toEqual(SEVEN);
        expect((await store.bugById(10))?.fields.custom).toEqual({
          cf_firmware: 'fw-2.0.4',
          cf_stage: 'released',
          cf_os: ['linux'],
        });
        expect((await store.bugById(12))?.fields).not.toHaveProperty('custom');
        const all = new Map((await everyBug(store)).map((bug) => [bug.id, bug]));
        expect(all.get(7)?.fields.custom).toEqual(SEVEN);
      });

      it('answers them in Bug.get and describes them in Bug.fields', async () => {
        const { body } = await get('/rest/bug/7?include_fields=id,_custom');
        expect(body.bugs).toEqual([
          {
            id: 7,
            cf_build: '2026.11-b4',
            cf_stage: 'testing',
            cf_os: ['linux', 'windows'],
            cf_notes: 'Line one\r\nLine two',
            cf_due: '2026-12-24T18:30:00Z',
            cf_ship: '2027-01-15T00:00:00Z',
            cf_regressed_by: 8,
            cf_points: '-3',
            cf_firmware: '',
          },
        ]);
        const fields = (await get('/rest/field/bug/cf_firmware')).body.fields as Array<Record<string, unknown>>;
        expect(fields[0]).toMatchObject({ id: 909, visibility_field: 'product', visibility_values: ['Gadgets'] });
      });

      it('keeps what Bug.update and Bug.create write (a store that owns its data), or refuses it', async () => {
        const key = `Bugzilla_api_key=${BUGZILLA_52_KEYS.dev}`;
        const response = await fetch(`${server.url}/rest/bug/8?${key}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            cf_stage: 'Design',
            cf_os: 'windows,linux',
            cf_due: '2027-02-01 08:00',
            cf_points: '+5',
          }),
        });
        const answer = (await response.json()) as { bugs?: Array<{ changes: unknown }>; code?: number };
        if (!underTest.owned) {
          expect(answer.code).toBe(32000);
          expect((await store.bugById(8))?.fields).not.toHaveProperty('custom');
          return;
        }
        expect(answer.bugs?.[0]?.changes).toEqual({
          cf_stage: { removed: '---', added: 'design' },
          cf_os: { removed: '', added: 'windows, linux' },
          cf_due: { removed: '', added: '2027-02-01 08:00' },
          cf_points: { removed: '0', added: '5' },
        });
        expect((await store.bugById(8))?.fields.custom).toEqual({
          cf_stage: 'design',
          cf_os: ['linux', 'windows'],
          cf_due: Date.parse('2027-02-01T08:00:00Z') / 1000,
          cf_points: 5,
        });
        const created = await fetch(`${server.url}/rest/bug?${key}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            product: 'Widgets',
            component: 'Backend',
            version: '1.0',
            op_sys: 'All',
            platform: 'All',
            summary: 'Custom fields at entry',
            cf_build: ' b-9 ',
            cf_ship: '2027-3-1',
            cf_regressed_by: 'ff128-login',
          }),
        });
        const { id } = (await created.json()) as { id: number };
        expect((await store.bugById(id))?.fields.custom).toEqual({
          cf_build: 'b-9',
          cf_ship: '2027-03-01',
          cf_regressed_by: 7,
        });
        const history = await store.historyOf(8);
        expect(
          history
            .at(-1)
            ?.changes.map((change) => change.field_name)
            .sort(),
        ).toEqual(['cf_due', 'cf_os', 'cf_points', 'cf_stage']);
      });

      it("keeps a tracking flag's rules: where it shows, who may set each value (a 5.2 database has none)", async () => {
        const { catalogue } = store;
        const flag = catalogue.customField('cf_status_widgets');
        if (!underTest.trackingFlags) {
          expect(flag).toBeUndefined();
          return;
        }
        const widgets = catalogue.product('Widgets');
        const groupId = (name: string) => catalogue.group(name)?.id;
        expect(flag?.tracking).toEqual({
          kind: 'status',
          visibility: [
            { productId: widgets?.id, componentId: widgets?.components.find((c) => c.name === 'Backend')?.id },
          ],
          setterGroupIds: {
            '---': groupId('editbugs'),
            affected: groupId('editbugs'),
            fix_later: groupId('editbugs'),
            fixed: groupId('admin'),
          },
        });
        expect((await store.bugById(9))?.fields.custom).toEqual({ cf_status_widgets: 'affected' });
        expect((await get('/rest/bug/9?include_fields=id,cf_status_widgets')).body.bugs).toEqual([
          { id: 9, cf_status_widgets: 'affected' },
        ]);
        // Bug 7 is on Widgets' Frontend, where the flag does not show.
        expect((await get('/rest/bug/7?include_fields=id,cf_status_widgets')).body.bugs).toEqual([{ id: 7 }]);
        const setAs = async (key: string, value: string) => {
          const response = await fetch(`${server.url}/rest/bug/9?Bugzilla_api_key=${key}`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ cf_status_widgets: value }),
          });
          return (await response.json()) as { bugs?: Array<{ changes: unknown }>; code?: number };
        };
        expect((await setAs(BUGZILLA_52_KEYS.dev, 'fixed')).code).toBe(115);
        expect((await setAs(BUGZILLA_52_KEYS.dev, 'fix_later')).bugs?.[0]?.changes).toEqual({
          cf_status_widgets: { removed: 'affected', added: 'fix_later' },
        });
        expect((await setAs(BUGZILLA_52_KEYS.admin, 'fixed')).bugs?.[0]?.changes).toEqual({
          cf_status_widgets: { removed: 'fix_later', added: 'fixed' },
        });
        expect((await store.bugById(9))?.fields.custom).toEqual({ cf_status_widgets: 'fixed' });
      });
    },
  );
}
