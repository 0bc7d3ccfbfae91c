import { createClient } from '@bz-companion/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52CatalogueFixture } from '../../../testing/bugzilla-5.2-catalogue-fixture.js';
import { BUGZILLA_52_KEYS } from '../../../testing/bugzilla-5.2-fixture.js';
import { type InProcessServer, serveInProcess } from '../../../testing/in-process-server.js';

/** The typed client's catalogue methods, against the recorded 5.2's extended data set. */
describe('the typed client reads and changes the catalogue', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await serveInProcess(bugzilla52CatalogueFixture(), { profile: 'bugzilla-5.2' });
  });
  afterAll(() => server.stop());
  const client = () => createClient({ baseUrl: server.url, apiKey: BUGZILLA_52_KEYS.admin, authMode: 'query' });

  it('reads products, fields, users, groups and flag types', async () => {
    const bz = client();
    expect(await bz.products.ids('enterable')).toEqual({ ids: [2, 1, 3] });
    const { products } = await bz.products.get({ names: ['Widgets'] }, { includeFields: ['name', 'components.name'] });
    expect(products).toEqual([{ name: 'Widgets', components: [{ name: 'Backend' }, { name: 'Frontend' }] }]);
    expect(await bz.fields.legalValues('version', 3)).toEqual({ values: ['0.9', '1.0', '1.1'] });
    expect(await bz.fields.legalValues('priority')).toEqual({
      values: ['Highest', 'High', 'Normal', 'Low', 'Lowest', '---'],
    });
    const { fields } = await bz.fields.get(['bug_status'], { includeFields: ['name'] });
    expect(fields).toEqual([{ name: 'bug_status' }]);
    const { users } = await bz.users.get({ match: ['dana'] });
    expect(users.map((user) => user.name)).toEqual(['dev@example.com']);
    const { groups } = await bz.users.groups({ names: ['secret'] });
    expect(groups.map((group) => group.id)).toEqual([15]);
    const types = await bz.flagTypes.get('Widgets', 'Backend');
    expect(types.bug.map((type) => type.name)).toEqual(['needinfo', 'qa', 'review']);
  });

  it('creates and changes a product, a component, a group, a flag type and a user', async () => {
    const bz = client();
    const { id } = await bz.products.create({ name: 'Gears', description: 'Cogs', version: '1.0' });
    const updated = await bz.products.update(id, { description: 'Cogs and gears' });
    expect(updated.products[0]?.changes).toEqual({ description: { removed: 'Cogs', added: 'Cogs and gears' } });
    await bz.products.createComponent({
      product: 'Gears',
      name: 'Teeth',
      description: 'The teeth',
      default_assignee: 'dev@example.com',
    });
    expect(await bz.fields.legalValues('component', id)).toEqual({ values: ['Teeth'] });
    const group = await bz.users.createGroup({ name: 'gearheads', description: 'Gear people', is_active: true });
    const user = await bz.users.create({ email: 'cog@example.com', full_name: 'Cog' });
    const change = await bz.users.update(user.id, { groups: { add: ['gearheads'] } });
    expect(change.users[0]?.changes).toEqual({ groups: { added: 'gearheads', removed: '' } });
    const members = await bz.users.groups({ ids: [group.id], membership: true });
    expect(members.groups[0]?.membership?.map((member) => member.name)).toContain('cog@example.com');
    const type = await bz.flagTypes.create({ name: 'gear-ok', description: 'Gears fit', inclusions: ['Gears'] });
    await bz.flagTypes.update(type.id, { is_active: false });
    const [gearOk] = (await bz.flagTypes.get('Gears')).bug.filter((t) => t.name === 'gear-ok');
    expect(gearOk).toMatchObject({ id: type.id, is_active: false });
  });
});
