import { describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../../testing/memory-platform.js';
import { digest, keptWhoami } from './kept-whoami.js';

describe('whose key it is, kept', () => {
  it('is asked once for a tracker, URL, key and way of sending it, and again when one changes', async () => {
    const platform = new MemoryPlatform();
    const asked: string[] = [];
    const ask = (login: string) => async () => {
      asked.push(login);
      return login;
    };
    expect(await keptWhoami(platform, 't1', 'a', ask('me@example.org'))).toBe('me@example.org');
    expect(await keptWhoami(platform, 't1', 'a', ask('other@example.org'))).toBe('me@example.org');
    expect(await keptWhoami(platform, 't1', 'b', ask('other@example.org'))).toBe('other@example.org');
    expect(asked).toEqual(['me@example.org', 'other@example.org']);
  });

  it('keeps no answer where there was none: asked again next time', async () => {
    const platform = new MemoryPlatform();
    let asked = 0;
    const none = async () => {
      asked++;
      return null;
    };
    await keptWhoami(platform, 't1', 'a', none);
    await keptWhoami(platform, 't1', 'a', none);
    expect(asked).toBe(2);
  });

  it('keeps a digest of the key, not the key', () => {
    const key = 'BenchInboxKey0123456789abcdefghijklmnopq';
    expect(digest(key)).toMatch(/^[0-9a-f]{8}$/);
    expect(digest(key)).not.toBe(digest(`${key}x`));
  });
});
