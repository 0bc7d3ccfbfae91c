export * from './chromium.js';
export * from './cli-server.js';
export * from './forward.js';
