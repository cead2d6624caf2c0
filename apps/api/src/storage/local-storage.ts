import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { signGrant } from './signed-token.js';
import type { Storage, StoredObjectInfo } from './storage.js';

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the ${maxBytes} bytes this address accepts`);
  }
}

export class UploadAddressUsedError extends Error {
  constructor() {
    super('This upload address has already been used: a file is uploaded once and cannot be replaced');
  }
}

/**
 * Files on the local disk under `root`. Signed addresses are served by the app itself
 * (`/api/storage/upload/:token`, `/api/storage/download/:token`).
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  constructor(
    private readonly root: string,
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {}

  /** Absolute path of a key; refuses keys that would leave the root. */
  pathOf(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`Invalid storage key ${key}`);
    return full;
  }

  async createUploadUrl(key: string, o: { fileId: string; maxBytes: number; expiresInS: number; contentType: string }) {
    const token = signGrant({ op: 'put', key, fileId: o.fileId, maxBytes: o.maxBytes, exp: Math.floor(Date.now() / 1000) + o.expiresInS }, this.secret);
    return `${this.publicUrl}/api/storage/upload/${token}`;
  }

  async createDownloadUrl(key: string, o: { fileName: string; contentType: string; expiresInS: number; inline?: boolean }) {
    const token = signGrant(
      { op: 'get', key, fileName: o.fileName, contentType: o.contentType, inline: o.inline, exp: Math.floor(Date.now() / 1000) + o.expiresInS },
      this.secret,
    );
    return `${this.publicUrl}/api/storage/download/${token}`;
  }

  async stat(key: string) {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async put(key: string, body: Buffer | Uint8Array | Readable) {
    if (body instanceof Readable) {
      await this.writeStream(key, body, Number.MAX_SAFE_INTEGER);
      return;
    }
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.part`;
    await writeFile(temp, body);
    await rename(temp, path);
  }

  /** Uploads pass through the app, which writes and confirms them at once (`writeStream` with `claim`). */
  async findArrivedUpload(): Promise<null> {
    return null;
  }

  /**
   * Write a stream atomically (to a temporary file, then renamed), refusing more than `maxBytes`.
   * With `claim`, the file is renamed into place only when `claim(size)` is true (the database marked the
   * upload confirmed, once); otherwise it is dropped and {@link UploadAddressUsedError} thrown, and
   * `release` undoes the claim if the rename fails.
   * @returns the number of bytes written
   */
  async writeStream(
    key: string,
    body: Readable,
    maxBytes: number,
    once?: { claim: (size: number) => Promise<boolean>; release: () => Promise<void> },
  ): Promise<number> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.part`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) done(new UploadTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temp));
      if (once && !(await once.claim(size))) throw new UploadAddressUsedError();
      try {
        await rename(temp, path);
      } catch (error) {
        await once?.release();
        throw error;
      }
      return size;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async read(key: string) {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path);
  }

  /** Bytes `start` to `end` (inclusive) of a stored object as a stream; throws when missing. */
  async readRange(key: string, start: number, end: number) {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path, { start, end });
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObjectInfo> {
    const root = resolve(this.root);
    let entries;
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      try {
        const s = await stat(path);
        yield { key: relative(root, path).split(sep).join('/'), lastModified: s.mtime };
      } catch {
        // Gone meanwhile (renamed into place or deleted): nothing to sweep.
      }
    }
  }
}

export function localStorageRoot(root: string, ...parts: string[]): string {
  return join(root, ...parts);
}
