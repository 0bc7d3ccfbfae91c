import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readBugzillaDir } from './bugzilla-dir.js';

let dir: string;

async function bugzillaDir(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'bz-companion-bugzilla-dir-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("reads the version from Constants.pm, the parameters from params.json, and the enabled extensions' versions", async () => {
  const settings = readBugzillaDir(
    await bugzillaDir({
      'Bugzilla/Constants.pm': "use constant BUGZILLA_VERSION => '5.2';\nuse constant REST_DOC => 'x';\n",
      'data/params.json': JSON.stringify({ insidergroup: 'insiders', maxattachmentsize: 1000, urlbase: 'https://bz/' }),
      'extensions/BugVisits/Config.pm': "package Bugzilla::Extension::BugVisits;\nuse constant NAME => 'BugVisits';\n",
      'extensions/BugVisits/Extension.pm': "our $VERSION = '1.2';\n",
      'extensions/Voting/Extension.pm': "our $VERSION = '3.0';\n",
      'extensions/Voting/disabled': '',
      'extensions/Plain/Extension.pm': 'package Bugzilla::Extension::Plain;\n',
    }),
  );
  expect(settings.version).toBe('5.2');
  expect(settings.profile).toBe('bugzilla-5.2');
  expect(settings.parameters).toMatchObject({
    insidergroup: 'insiders',
    maxattachmentsize: '1000',
    urlbase: 'https://bz/',
  });
  // Those the file leaves out have 5.2's defaults.
  expect(settings.parameters.comment_taggers_group).toBe('editbugs');
  expect(settings.extensions).toEqual({ BugVisits: { version: '1.2' }, Plain: { version: '' } });
  expect(settings.visitRetention).toBe(false);
});

it('says which file is wrong when Constants.pm names no version', async () => {
  const path = await bugzillaDir({ 'Bugzilla/Constants.pm': '1;\n', 'data/params.json': '{}' });
  expect(() => readBugzillaDir(path)).toThrow(/Constants\.pm names no BUGZILLA_VERSION/);
});

it('says the directory is not a Bugzilla installation when its files are missing', async () => {
  const path = await bugzillaDir({ 'README.txt': 'not Bugzilla' });
  expect(() => readBugzillaDir(path)).toThrow(/has no readable Bugzilla\/Constants\.pm: is it a Bugzilla installation/);
});
