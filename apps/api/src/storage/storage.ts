import type { Readable } from 'node:stream';

/** Where file bytes live. The local driver is the default; S3 (or any S3-compatible store) for clusters. */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** An address the client PUTs the bytes to (application/octet-stream), valid for `expiresInS`. */
  createUploadUrl(key: string, options: { fileId: string; maxBytes: number; expiresInS: number; contentType: string }): Promise<string>;
  /** A short-lived address the client GETs the bytes from. */
  createDownloadUrl(key: string, options: { fileName: string; contentType: string; expiresInS: number; inline?: boolean }): Promise<string>;
  /** Size of the stored object, or null when nothing is stored under `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Store bytes (server-side writes: previews, results). */
  put(key: string, body: Buffer | Uint8Array | Readable, contentType: string): Promise<void>;
  /** Read a stored object as a stream; throws when missing. */
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

/** How long upload and download addresses stay valid. */
export const UPLOAD_URL_TTL_S = 60 * 60;
export const DOWNLOAD_URL_TTL_S = 15 * 60;
