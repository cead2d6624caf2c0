import type { Storage } from '../storage/index.js';

/**
 * Read a stored object into memory. GPR readers need the whole file, and imports are capped by
 * `GPR_IMPORT_MAX_BYTES`, so this is bounded by what was accepted.
 */
export async function readStoredBytes(storage: Storage, key: string): Promise<Uint8Array> {
  const stream = await storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const buffer = Buffer.concat(chunks);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
