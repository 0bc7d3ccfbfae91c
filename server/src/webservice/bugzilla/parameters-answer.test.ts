import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/test-user.js';
import type { User } from '../../bugzilla/types.js';
import { parametersAnswer } from './parameters-answer.js';

const user = (groups: string[]): User => testUser({ id: 2, login: 'user@example.com', groups });
const LOGGED_IN = ['maintainer', 'requirelogin', 'allowemailchange'];

describe('parametersAnswer', () => {
  it('makes an answer once per parameter map and audience, and a new one for a new map', () => {
    const first = { maintainer: 'a@example.com', requirelogin: '0', allowemailchange: '1', smtp_password: 's' };
    const plain = parametersAnswer(first, user([]), 'http://h/', LOGGED_IN);
    expect(parametersAnswer(first, user([]), 'http://h/', LOGGED_IN)).toBe(plain);
    expect(JSON.parse(plain.json)).toEqual({
      parameters: { allowemailchange: '1', maintainer: 'a@example.com', requirelogin: '0' },
    });

    const anonymous = parametersAnswer(first, undefined, 'http://h/', LOGGED_IN);
    expect(anonymous.value.parameters).toEqual({ maintainer: 'a@example.com', requirelogin: '0' });
    const admin = parametersAnswer(first, user(['tweakparams']), 'http://h/', LOGGED_IN);
    expect(admin.value.parameters.smtp_password).toBe('s');
    expect(admin.value.parameters.urlbase).toBe('http://h/');
    expect(parametersAnswer(first, user(['tweakparams']), 'http://other/', LOGGED_IN).value.parameters.urlbase).toBe(
      'http://other/',
    );

    // A reset or Bugzilla's params.json changing gives a new map: never the old answer.
    const second = { ...first, maintainer: 'b@example.com' };
    const changed = parametersAnswer(second, user([]), 'http://h/', LOGGED_IN);
    expect(changed).not.toBe(plain);
    expect(changed.value.parameters.maintainer).toBe('b@example.com');
    expect(changed.etag).not.toBe(plain.etag);
  });
});
