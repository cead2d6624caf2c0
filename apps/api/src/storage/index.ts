import type { AppConfig } from '../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export * from './storage.js';
export { LocalStorage, UploadAddressUsedError, UploadTooLargeError } from './local-storage.js';
export { S3Storage } from './s3-storage.js';

/** The storage driver the configuration names. */
export function createStorage(config: AppConfig): Storage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage);
  return new LocalStorage(config.storage.root, config.publicUrl, config.authSecret);
}
export { startOrphanSweep, sweepOrphanObjects, type SweepReport } from './orphan-sweep.js';
