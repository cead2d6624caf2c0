export * from './common.js';
export * from './errors.js';
export * from './files.js';
export * from './nodes.js';
export * from './organizations.js';
export * from './query.js';
export * from './tenant-keys.js';
export * from './node-details.js';
