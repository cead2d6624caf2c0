export * from './migrated-volume';
export * from './volume-points';
