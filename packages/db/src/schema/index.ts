export * from './auth.js';
export * from './files.js';
export * from './nodes.js';
export * from './tenant-keys.js';
export * from './node-details.js';
export * from './analyses.js';
export * from './gpr-scans.js';
