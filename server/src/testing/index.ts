export * from './cli-server.js';
export * from './forward.js';
