import { describe, expect, it } from 'vitest';
import { snapshotFromFixture } from './fixture.js';

const users = [{ login: 'a@example.com' }, { login: 'b@example.com' }];

describe("fixture bugs' fields, comments and history", () => {
  it('gives every field a default: a confirmed bug in the test product', () => {
    const snapshot = snapshotFromFixture({ bugs: [{ id: 1 }] });
    expect(snapshot.bugs[0]?.fields).toMatchObject({
      summary: '',
      status: 'CONFIRMED',
      resolution: '',
      product: 'TestProduct',
      component: 'TestComponent',
      priority: '---',
      severity: 'enhancement',
      is_confirmed: true,
      creation_time: Date.UTC(2026, 0, 1) / 1000,
      last_change_time: Date.UTC(2026, 0, 1) / 1000,
    });
    expect(snapshot.comments).toEqual([]);
  });

  it('dates a bug by its comments and changes when it does not say, and numbers comments by time', () => {
    const snapshot = snapshotFromFixture({
      users,
      bugs: [
        {
          id: 1,
          status: 'UNCONFIRMED',
          comments: [
            { author: 'a@example.com', time: '2026-05-02T00:00:00Z', text: 'second' },
            { author: 'b@example.com', time: '2026-05-01T00:00:00Z', text: 'first', is_private: true },
          ],
          history: [
            { who: 'b@example.com', when: '2026-05-03T00:00:00Z', changes: [{ field_name: 'priority', added: 'P1' }] },
          ],
        },
        { id: 2, comments: [{ id: 7, author: 'a@example.com', time: '2026-04-01T00:00:00Z', text: 'given id' }] },
      ],
    });
    expect(snapshot.bugs[0]?.fields).toMatchObject({
      is_confirmed: false,
      creation_time: Date.UTC(2026, 4, 1) / 1000,
      last_change_time: Date.UTC(2026, 4, 3) / 1000,
    });
    expect(snapshot.comments?.map((c) => [c.id, c.text, c.author_id, c.is_private])).toEqual([
      [7, 'given id', 1, false],
      [8, 'first', 2, true],
      [9, 'second', 1, false],
    ]);
    expect(snapshot.bugs[0]?.history?.[0]?.changes).toEqual([{ field_name: 'priority', removed: '', added: 'P1' }]);
  });

  it('takes several aliases, sorted', () => {
    expect(snapshotFromFixture({ bugs: [{ id: 1, alias: ['b-alias', 'a-alias'] }] }).bugs[0]?.alias).toEqual([
      'a-alias',
      'b-alias',
    ]);
  });

  it.each([
    [{ bugs: [{ id: 1, colour: 'red' }] }, 'bugs[0] has unknown key "colour"'],
    [{ bugs: [{ id: 1, comments: [{ author: 'a@example.com', time: 'x', text: '' }] }] }, 'bugs[0].comments[0].time'],
    [
      { users, bugs: [{ id: 1, comments: [{ author: 'ghost@example.com', time: '2026-01-01T00:00:00Z', text: '' }] }] },
      'bugs[0].comments[0].author: unknown user "ghost@example.com"',
    ],
    [
      {
        users,
        bugs: [{ id: 1, comments: [{ author: 'a@example.com', time: '2026-01-01T00:00:00Z', text: '', mood: 1 }] }],
      },
      'bugs[0].comments[0] has unknown key "mood"',
    ],
    [{ bugs: [{ id: 1, depends_on: [2] }] }, 'bugs[0].depends_on[0]: unknown bug 2'],
    [
      { users, bugs: [{ id: 1, history: [{ who: 'a@example.com', when: '2026-01-01T00:00:00Z', changes: [] }] }] },
      'bugs[0].history[0].changes',
    ],
    [
      {
        users,
        bugs: [
          {
            id: 1,
            history: [
              {
                who: 'a@example.com',
                when: '2026-01-01T00:00:00Z',
                changes: [{ field_name: 'longdescs.isprivate', comment_id: 4 }],
              },
            ],
          },
        ],
      },
      'bugs[0].history[0].changes[0].comment_id: unknown comment 4',
    ],
    [
      {
        users,
        bugs: [
          { id: 1, comments: [{ id: 3, author: 'a@example.com', time: '2026-01-01T00:00:00Z', text: '' }] },
          { id: 2, comments: [{ id: 3, author: 'a@example.com', time: '2026-01-01T00:00:00Z', text: '' }] },
        ],
      },
      'bugs[1].comments[0].id: comment 3 is listed twice',
    ],
  ])('refuses %j naming the problem', (fixture, message) => {
    expect(() => snapshotFromFixture(fixture)).toThrow(message);
  });
});
