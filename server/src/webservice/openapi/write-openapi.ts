import { writeFileSync } from 'node:fs';
import { packageVersion } from '../../package-version.js';
import { PROFILES } from '../../profiles/profiles.js';
import { methodList } from './method-list.js';
import { openApiDocument } from './openapi-document.js';

/**
 * Run by the build: writes the description of the default profile as dist/openapi.json (beside dist/src/), and its
 * method list as dist/methods.json, which the package ships (`@bz-companion/server/openapi.json`, `/methods.json`),
 * so tools can read them without a server.
 */
const target = new URL('../../../openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(openApiDocument(PROFILES['bz-companion'], packageVersion()), null, 2)}\n`);
// Beside it, every method it serves, RPC-only ones included (method-list.ts).
const methods = new URL('../../../methods.json', import.meta.url);
writeFileSync(methods, `${JSON.stringify(methodList(PROFILES['bz-companion'], packageVersion()), null, 2)}\n`);
