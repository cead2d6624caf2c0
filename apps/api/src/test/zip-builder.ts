/** A small zip writer for tests (stored or deflated entries, any names, including hostile ones). */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  [path: string]: Uint8Array | string;
}

/**
 * Build a zip. Entry names are written verbatim (so `../evil.sgy` stays as is).
 * @param options.deflate - compress entries (default true)
 */
export function buildZip(entries: ZipInput, options: { deflate?: boolean } = {}): Buffer {
  const deflate = options.deflate ?? true;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [path, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
    const packed = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(path, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A hostile zip: `names.length` directory entries that all point at one entry's data (the overlapping-entry
 * zip bomb: one deflated block read once per name).
 */
export function buildOverlappingZip(names: string[], content: Uint8Array): Buffer {
  const single = buildZip({ [names[0]!]: content });
  const end = single.length - 22;
  const directoryStart = single.readUInt32LE(end + 16);
  const central = single.subarray(directoryStart, end);
  const centrals: Buffer[] = [];
  for (const name of names) {
    const nameBytes = Buffer.from(name, 'utf8');
    const entry = Buffer.from(central.subarray(0, 46));
    entry.writeUInt16LE(nameBytes.length, 28);
    centrals.push(entry, nameBytes);
  }
  const directory = Buffer.concat(centrals);
  const record = Buffer.from(single.subarray(end));
  record.writeUInt16LE(names.length, 8);
  record.writeUInt16LE(names.length, 10);
  record.writeUInt32LE(directory.length, 12);
  return Buffer.concat([single.subarray(0, directoryStart), directory, record]);
}

/** Text as UTF-16LE with a byte-order mark (how vendor CSVs are often written). */
export function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

/** A multipart/form-data body for `app.inject`. */
export function formData(
  fields: Record<string, string | string[]>,
  file?: { field?: string; name: string; bytes: Uint8Array },
) {
  const boundary = `----gprhub${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat())
      parts.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: application/zip\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
