export * from './auth.js';
export * from './files.js';
export * from './nodes.js';
export * from './tenant-keys.js';
export * from './node-details.js';
