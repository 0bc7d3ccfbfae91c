import { standardFixture } from './fixtures.js';

/**
 * The standard fixture's users and access rules, with bugs that have content:
 * fields, comments (one private) and history, at fixed times, and
 * `insidergroup` = `secret` (alice is an insider, the admin is not).
 */
export function bugContentFixture(overrides: { instance?: Record<string, unknown> } = {}) {
  const base = standardFixture(overrides);
  const [first, ...rest] = base.bugs;
  return {
    ...base,
    instance: {
      ...base.instance,
      parameters: { ...base.instance.parameters, insidergroup: 'secret' },
    },
    bugs: [
      {
        ...first,
        summary: 'Crash when the summary has an emoji',
        status: 'IN_PROGRESS',
        priority: 'High',
        severity: 'critical',
        product: 'Tracker',
        component: 'Web',
        cc: ['carol@example.com', 'bob@example.com'],
        creation_time: '2026-03-01T09:00:00Z',
        comments: [
          { author: 'admin@example.com', time: '2026-03-01T09:00:00Z', text: 'Steps: put 🐛 in a summary.' },
          { author: 'bob@example.com', time: '2026-03-02T10:00:00Z', text: 'Same here.' },
          { author: 'alice@example.com', time: '2026-03-03T11:00:00Z', text: 'Insiders only.', is_private: true },
          { author: 'carol@example.com', time: '2026-03-04T12:00:00Z', text: 'Fixed on staging?' },
        ],
        history: [
          {
            who: 'admin@example.com',
            when: '2026-03-02T10:00:00Z',
            changes: [{ field_name: 'status', removed: 'CONFIRMED', added: 'IN_PROGRESS' }],
          },
          {
            who: 'alice@example.com',
            when: '2026-03-03T11:30:00Z',
            changes: [{ field_name: 'longdescs.isprivate', removed: '0', added: '1', comment_id: 3 }],
          },
          {
            who: 'carol@example.com',
            when: '2026-03-04T12:00:00Z',
            changes: [{ field_name: 'priority', removed: 'Normal', added: 'High' }],
          },
        ],
      },
      {
        ...rest[0],
        summary: 'Secret bug',
        comments: [
          { author: 'alice@example.com', time: '2026-03-05T08:00:00Z', text: 'Only the secret group sees this.' },
        ],
      },
      ...rest.slice(1),
    ],
  };
}
