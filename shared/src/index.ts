export * from './admin-api.js';
export * from './api.js';
export * from './base-url.js';
export * from './client.js';
export * from './errors.js';
export * from './requests.js';
export * from './schemas.js';
export * from './time.js';
