import type { Readable } from 'node:stream';

/** Where file bytes live. The local driver is the default; S3 (or any S3-compatible store) for clusters. */
export interface Storage {
  readonly driver: 'local' | 's3';
  /**
   * An address the client PUTs the bytes to (application/octet-stream), valid for `expiresInS`. It is
   * single use: the bytes become `key`'s object only when the file is confirmed (once, see
   * `claimFileUpload`), and nothing sent to the address afterwards can change that object. Decision 0012.
   */
  createUploadUrl(key: string, options: { fileId: string; maxBytes: number; expiresInS: number; contentType: string }): Promise<string>;
  /**
   * For uploads that do not pass through the app (S3 presigned PUTs): what has arrived at `key`'s upload
   * address, with `commit` (make it `key`'s object) and `discard`. Null when nothing has arrived, and
   * always null for the local driver, whose uploads the app writes and confirms itself.
   */
  findArrivedUpload(key: string): Promise<ArrivedUpload | null>;
  /** A short-lived address the client GETs the bytes from. */
  createDownloadUrl(key: string, options: { fileName: string; contentType: string; expiresInS: number; inline?: boolean }): Promise<string>;
  /** Size of the stored object, or null when nothing is stored under `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Store bytes (server-side writes: previews, results). */
  put(key: string, body: Buffer | Uint8Array | Readable, contentType: string): Promise<void>;
  /** Read a stored object as a stream; throws when missing. */
  read(key: string): Promise<Readable>;
  /** Bytes `start` to `end` (inclusive, within the object) of a stored object as a stream; throws when missing. */
  readRange(key: string, start: number, end: number): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Every object in storage with its last change, in no particular order (the orphan sweep). Includes
   * what is not a file's object: a local driver's half-written temporary files, S3 upload staging keys.
   */
  list(): AsyncIterable<StoredObjectInfo>;
}

/** One object as {@link Storage.list} sees it. */
export interface StoredObjectInfo {
  key: string;
  lastModified: Date;
}

/** Bytes that arrived at an upload address and are not yet the file's object. */
export interface ArrivedUpload {
  size: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** How long upload and download addresses stay valid. */
export const UPLOAD_URL_TTL_S = 60 * 60;
export const DOWNLOAD_URL_TTL_S = 15 * 60;
