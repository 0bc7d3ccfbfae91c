import { CREDENTIAL_HEADERS, REDACTED } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { redactHeaders } from './redact.js';

describe('the request journal', () => {
  it('shows no value of a header that carries credentials, the same list the recorder keeps secrets of', () => {
    const headers = Object.fromEntries(CREDENTIAL_HEADERS.map((name) => [name, `value of ${name}`]));
    const redacted = redactHeaders({ ...headers, accept: 'application/json' });
    for (const name of CREDENTIAL_HEADERS) expect(redacted[name]).toBe(REDACTED);
    expect(redacted.accept).toBe('application/json');
  });
});
