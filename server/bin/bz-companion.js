#!/usr/bin/env node
// The CLI is compiled TypeScript (npm install runs the build); this file only loads it.
import '../dist/src/cli/cli.js';
