/**
 * A minimal zip writer (stored entries, no compression) used to send loose scan files picked at the top level
 * of the hub, where the server's staged-upload import cannot be used (uploads are staged on a folder; see
 * docs/decisions/0004): they travel as one zip through `create-from-zip`. GPR files barely compress, and
 * storing keeps this small and fast.
 */
import { crc32 } from '@gprhub/gpr';

/** One file to put in the zip. */
export interface ZipEntryInput {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const MAX_ZIP32 = 0xffffffff;

/**
 * Build a zip of stored entries (UTF-8 names).
 * @throws Error when the result would need zip64 (over 4 GiB), which the import limit is far below anyway.
 */
export function buildStoredZip(entries: readonly ZipEntryInput[]): Blob {
  const encoder = new TextEncoder();
  const parts: BlobPart[] = [];
  const central: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (const { name, bytes } of entries) {
    const nameBytes = encoder.encode(name);
    const crc = crc32(bytes);
    if (offset + bytes.length > MAX_ZIP32) throw new Error('The files are too large to send together');
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint32(14, crc, true);
    local.setUint32(18, bytes.length, true);
    local.setUint32(22, bytes.length, true);
    local.setUint16(26, nameBytes.length, true);
    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(6, 20, true);
    header.setUint16(8, 0x0800, true);
    header.setUint32(16, crc, true);
    header.setUint32(20, bytes.length, true);
    header.setUint32(24, bytes.length, true);
    header.setUint16(28, nameBytes.length, true);
    header.setUint32(42, offset, true);
    parts.push(local.buffer, nameBytes, bytes);
    central.push(new Uint8Array(header.buffer), nameBytes);
    offset += 30 + nameBytes.length + bytes.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end.buffer], { type: 'application/zip' });
}
