import { describe, expect, it } from 'vitest';
import { modifyChanges, pushMessage } from './push-message.js';

const actor = { id: 7, login: 'a@example.com', realName: 'A' } as never;
const context = { actor, when: 1_780_272_000, changeSet: '1.0' };

describe("BMO's Push messages (extensions/Push/Extension.pm, Serialize.pm)", () => {
  it('splits a flag change into one change per flag, by field name, as _split_flagtypes does', () => {
    expect(
      modifyChanges({
        'flagtypes.name': { removed: 'needinfo?(dev@example.com)', added: 'review+, needinfo?(out@example.com)' },
        whiteboard: { removed: '', added: 'x' },
        'attachments.isprivate': { removed: '0', added: '1' },
      }),
    ).toEqual([
      { field: 'attachments.is_private', removed: '0', added: '1' },
      { field: 'flag.needinfo', removed: '? (dev@example.com)', added: '? (out@example.com)' },
      { field: 'flag.review', removed: '', added: '+' },
      { field: 'whiteboard', removed: '', added: 'x' },
    ]);
  });

  it('names the changed fields in the routing key and says "" for a select field\'s ---', () => {
    const message = pushMessage('modify', 'bug', { id: 1 }, 1, context, [
      { field: 'priority', removed: '---', added: 'P1' },
      { field: 'status', removed: 'NEW', added: 'ASSIGNED' },
    ]);
    expect(message?.routingKey).toBe('bug.modify:priority,status');
    expect(message?.payload.event).toMatchObject({
      time: '2026-06-01T00:00:00',
      changes: [
        { field: 'priority', removed: '', added: 'P1' },
        { field: 'status', removed: 'NEW', added: 'ASSIGNED' },
      ],
    });
  });

  it('sends no event at all when a change is from nothing to nothing (changes_to_event returns early)', () => {
    expect(
      pushMessage('modify', 'bug', { id: 1 }, 1, context, [{ field: 'cf_x', removed: '', added: '' }]),
    ).toBeUndefined();
  });
});
