import { describe, expect, it } from 'vitest';
import { runCli } from '../../testing/cli-server.js';

describe('the test double options on the command line', () => {
  it.each([
    [['serve', '--in-memory', '--port', '0', '--record', 'dir'], '--record needs --proxy URL (the tracker to record)'],
    [['serve', '--in-memory', '--port', '0', '--fallback'], '--fallback goes with --replay DIR'],
    [['serve', '--port', '0', '--proxy', 'x', '--replay', 'd'], '--proxy and --replay go separately'],
    [['serve', '--port', '0', '--proxy', 'ftp://host/'], '--proxy must be an http:// or https:// URL'],
    // A proxy or a replay opens no store of its own: a store named beside one is refused.
    [['serve', '--in-memory', '--port', '0', '--proxy', 'http://tracker/'], 'drop --in-memory'],
    [
      ['serve', '--in-memory', '--port', '0', '--latency', 'normal:5'],
      '--latency "normal:5": use fixed:MS, uniform:MIN-MAX',
    ],
    [['import', '--write-fixture', 'f.json', 'x.json'], '--write-fixture goes with --from-recordings DIR'],
  ])('refuses %j as a usage error, exit 2, naming the problem', async (args, message) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('(see bz-companion --help)');
  });

  it('names a recordings directory it cannot read, exit 1', async () => {
    const { code, stderr } = await runCli(['serve', '--port', '0', '--replay', '/nonexistent/recordings']);
    expect(code).toBe(1);
    expect(stderr).toContain('recordings /nonexistent/recordings');
  });
});
