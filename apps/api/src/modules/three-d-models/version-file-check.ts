import type { FileRowOfVersion } from '@gprhub/db';
import type { ThreeDModelFileType } from '@gprhub/contract';
import { bytesNeededToCheck, checkVersionFile, Scan3dFormatError, VERSION_FILE_EXTENSIONS } from '@gprhub/scan3d';
import type { Storage } from '../../storage/index.js';
import { badRequest } from '../../lib/errors.js';

/** Text files (glTF, MTL, positions) are read whole up to this size; an OBJ's first part is read. */
const MAX_TEXT_CHECK_BYTES = 32 * 1024 * 1024;
const OBJ_CHECK_BYTES = 4 * 1024 * 1024;

/** The first `maxBytes` of a stored object (the stream is closed past them). */
export async function readStoredPrefix(storage: Storage, key: string, maxBytes: number): Promise<Uint8Array> {
  const stream = await storage.read(key);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buffer);
    length += buffer.length;
    if (length >= maxBytes) break;
  }
  stream.destroy();
  const all = Buffer.concat(chunks).subarray(0, maxBytes);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}

/**
 * Check one file of a new version: uploaded, the extension its type allows, and content of that kind
 * (packages/scan3d). Throws a 400 naming the file and the reason.
 */
export async function checkStoredVersionFile(
  storage: Storage,
  type: ThreeDModelFileType,
  file: FileRowOfVersion,
  index: number,
): Promise<string> {
  const fail = (message: string) => badRequest(message, [{ path: `files.${index}.fileId`, message }]);
  if (!file.confirmedUploadedAt) throw fail(`File ${file.name} has not been uploaded yet`);
  const allowed: readonly string[] = VERSION_FILE_EXTENSIONS[type];
  if (!allowed.includes(file.extension)) {
    throw fail(`File ${file.name} cannot be a ${type} file (expected ${allowed.map((e) => `.${e}`).join(', ')})`);
  }
  const size = file.size ?? 0;
  let bytes: Uint8Array;
  const isGlb = type === 'rtabmap_glb' || type === 'point_cloud_glb';
  if (isGlb) {
    // The header, the JSON chunk and the declared length: the length is checked against the stored size.
    const head = await readStoredPrefix(storage, file.storageKey, 20);
    const jsonLength = head.length >= 16 ? new DataView(head.buffer, head.byteOffset).getUint32(12, true) : 0;
    bytes = await readStoredPrefix(storage, file.storageKey, Math.min(size, 20 + jsonLength));
  } else if (type === 'rtabmap_mesh_obj') {
    bytes = await readStoredPrefix(storage, file.storageKey, OBJ_CHECK_BYTES);
    if (size > bytes.length) bytes = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
  } else {
    const needed = bytesNeededToCheck(type);
    if (needed === null && size > MAX_TEXT_CHECK_BYTES) throw fail(`File ${file.name} is too large for a ${type} file`);
    bytes = await readStoredPrefix(storage, file.storageKey, needed ?? MAX_TEXT_CHECK_BYTES);
  }
  try {
    return checkVersionFile(type, bytes, isGlb ? size : bytes.length);
  } catch (error) {
    if (error instanceof Scan3dFormatError) throw fail(`File ${file.name} ${error.message}`);
    throw error;
  }
}
