import { writeFileSync } from 'node:fs';
import { packageVersion } from '../../package-version.js';
import { PROFILES } from '../../profiles/profiles.js';
import { openApiDocument } from './openapi-document.js';

/**
 * Run by the build: writes the description of the default profile as dist/openapi.json (beside dist/src/), which
 * the package ships (`@bz-companion/server/openapi.json`), so tools can read it without a server.
 */
const target = new URL('../../../openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(openApiDocument(PROFILES['bz-companion'], packageVersion()), null, 2)}\n`);
