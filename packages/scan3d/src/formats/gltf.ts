import { decodeUtf8, Scan3dFormatError } from './header-text';

/** What a glTF 2.0 document (or the JSON chunk of a GLB) declares. */
export interface GltfSummary {
  version: string;
  meshCount: number;
  /** Points of its POINTS primitives (mode 0): the counts of their POSITION accessors, summed. */
  pointCount: number;
  /** URIs of the external buffers and images it refers to (none for a self-contained GLB). */
  externalUris: string[];
}

const GLB_MAGIC = 0x46546c67; // "glTF", little-endian
const JSON_CHUNK = 0x4e4f534a; // "JSON"

function summarise(json: unknown): GltfSummary {
  if (typeof json !== 'object' || json === null) throw new Scan3dFormatError('is not a glTF document (not a JSON object)');
  const doc = json as { asset?: { version?: unknown }; meshes?: unknown; buffers?: unknown; images?: unknown; accessors?: unknown };
  const version = doc.asset?.version;
  if (typeof version !== 'string') throw new Scan3dFormatError('is not a glTF document (no asset.version)');
  if (!version.startsWith('2.')) throw new Scan3dFormatError(`is glTF ${version}; only glTF 2.0 is read`);
  const uris = [doc.buffers, doc.images]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((item: { uri?: unknown }) => item?.uri)
    .filter((uri): uri is string => typeof uri === 'string' && !uri.startsWith('data:'));
  const accessors = Array.isArray(doc.accessors) ? (doc.accessors as { count?: unknown }[]) : [];
  let pointCount = 0;
  for (const mesh of Array.isArray(doc.meshes) ? (doc.meshes as { primitives?: unknown }[]) : []) {
    for (const primitive of Array.isArray(mesh?.primitives) ? (mesh.primitives as { mode?: unknown; attributes?: { POSITION?: unknown } }[]) : []) {
      if (primitive?.mode !== 0) continue;
      const count = accessors[Number(primitive.attributes?.POSITION)]?.count;
      if (typeof count === 'number' && Number.isInteger(count) && count > 0) pointCount += count;
    }
  }
  return { version, meshCount: Array.isArray(doc.meshes) ? doc.meshes.length : 0, pointCount, externalUris: uris };
}

/**
 * Check a binary glTF (GLB): magic "glTF", version 2, the declared length, and a JSON first chunk.
 *
 * @param bytes - The file, or at least its header and JSON chunk.
 * @param totalBytes - The file's size, when `bytes` is only its beginning.
 * @returns What its JSON chunk declares; throws {@link Scan3dFormatError} otherwise.
 * @example readGlbSummary(bytes).meshCount
 */
export function readGlbSummary(bytes: Uint8Array, totalBytes = bytes.length): GltfSummary {
  if (bytes.length < 20) throw new Scan3dFormatError('is not a GLB file (too short)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw new Scan3dFormatError('is not a GLB file (it does not start with "glTF")');
  const version = view.getUint32(4, true);
  if (version !== 2) throw new Scan3dFormatError(`is GLB version ${version}; only version 2 is read`);
  const length = view.getUint32(8, true);
  if (length !== totalBytes) throw new Scan3dFormatError(`declares ${length} bytes but has ${totalBytes}`);
  const chunkLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + chunkLength > bytes.length) {
    throw new Scan3dFormatError('is not a GLB file (its first chunk is not JSON)');
  }
  return summarise(parseJson(decodeUtf8(bytes.subarray(20, 20 + chunkLength))));
}

/**
 * Check a glTF 2.0 JSON document.
 *
 * @param text - The .gltf file as text.
 * @returns What it declares; throws {@link Scan3dFormatError} otherwise.
 * @example readGltfSummary('{"asset":{"version":"2.0"}}').version // '2.0'
 */
export function readGltfSummary(text: string): GltfSummary {
  return summarise(parseJson(text));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Scan3dFormatError('is not a glTF document (not valid JSON)');
  }
}
