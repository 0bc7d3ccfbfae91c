import { afterAll } from 'vitest';
import { removeTempDirs } from './cli-server.js';

// vitest setup file (vitest.config.ts): after each test file, its temporary directories go. Hooks run
// last-registered first, so the file's own afterAll (stopping its servers) has run by then.
afterAll(removeTempDirs);
