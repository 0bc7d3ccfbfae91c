export * from './bugzilla-5.2-fixture.js';
export * from './chromium.js';
export * from './cli-server.js';
export * from './forward.js';
