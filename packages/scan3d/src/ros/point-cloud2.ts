/**
 * ROS `sensor_msgs/PointCloud2` as rosbridge v2 carries it: with CBOR compression `data` is a byte string
 * (Uint8Array), in JSON it is base64 text. The live view decodes clouds of float32 x, y, z with an optional
 * packed `rgb`/`rgba` field; the tracker simulator encodes them.
 */

export interface PointField {
  name: string;
  offset: number;
  /** sensor_msgs/PointField: 1 INT8, 2 UINT8, 3 INT16, 4 UINT16, 5 INT32, 6 UINT32, 7 FLOAT32, 8 FLOAT64. */
  datatype: number;
  count: number;
}

export interface PointCloud2Message {
  header: { frame_id: string; stamp?: { sec: number; nanosec: number } };
  height: number;
  width: number;
  fields: PointField[];
  is_bigendian: boolean;
  point_step: number;
  row_step: number;
  data: Uint8Array | string;
  is_dense: boolean;
}

export interface DecodedCloud {
  /** x, y, z per point (metres, the message's frame). */
  positions: Float32Array;
  /** r, g, b per point, or null when the cloud has no colour field. */
  colours: Uint8Array | null;
}

export class PointCloud2Error extends Error {}

const FLOAT32 = 7;
const FLOAT64 = 8;
const UINT32 = 6;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** Base64 text (padding and whitespace allowed) as bytes; a character outside the alphabet is an error. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/[\s=]+/g, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let n = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = clean.charCodeAt(i);
    const value = code < 128 ? LOOKUP[code]! : -1;
    if (value < 0) throw new PointCloud2Error('The point cloud data is not base64');
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes.subarray(0, n);
}

/** Bytes as base64 (for JSON transport, where rosbridge sends `uint8[]` as base64). */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}${ALPHABET[(v >> 6) & 63]!}=`;
  }
  return out;
}

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? base64ToBytes(data) : data;
}

/** Decode a PointCloud2; points with a non-finite coordinate (no return) are dropped. */
export function decodePointCloud2(message: PointCloud2Message): DecodedCloud {
  const field = (name: string) => message.fields.find((f) => f.name === name);
  const x = field('x');
  const y = field('y');
  const z = field('z');
  if (!x || !y || !z) throw new PointCloud2Error('The point cloud has no x, y and z fields');
  for (const f of [x, y, z]) {
    if (f.datatype !== FLOAT32 && f.datatype !== FLOAT64) throw new PointCloud2Error(`Field ${f.name} is not a float (datatype ${f.datatype})`);
  }
  const colour = field('rgb') ?? field('rgba');
  const bytes = toBytes(message.data);
  const count = message.width * message.height;
  const step = message.point_step;
  if (!Number.isInteger(step) || step <= 0 || count < 0 || bytes.length < count * step) {
    throw new PointCloud2Error(`The point cloud holds ${bytes.length} bytes, not ${count} points of ${step} bytes`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = !message.is_bigendian;
  const read = (f: PointField, at: number) => (f.datatype === FLOAT64 ? view.getFloat64(at + f.offset, little) : view.getFloat32(at + f.offset, little));
  const positions = new Float32Array(count * 3);
  const colours = colour ? new Uint8Array(count * 3) : null;
  let n = 0;
  for (let i = 0; i < count; i++) {
    const at = i * step;
    const px = read(x, at);
    const py = read(y, at);
    const pz = read(z, at);
    if (!Number.isFinite(px) || !Number.isFinite(py) || !Number.isFinite(pz)) continue;
    positions[n * 3] = px;
    positions[n * 3 + 1] = py;
    positions[n * 3 + 2] = pz;
    if (colours && colour) {
      // PCL packs 0x00RRGGBB into the four bytes of a float32 (or a uint32 for rgba).
      const packed = colour.datatype === FLOAT32 || colour.datatype === UINT32 ? view.getUint32(at + colour.offset, little) : 0;
      colours[n * 3] = (packed >>> 16) & 0xff;
      colours[n * 3 + 1] = (packed >>> 8) & 0xff;
      colours[n * 3 + 2] = packed & 0xff;
    }
    n++;
  }
  return { positions: positions.subarray(0, n * 3), colours: colours ? colours.subarray(0, n * 3) : null };
}

/** Encode points (and colours) as a little-endian PointCloud2 of x, y, z, rgb float32 fields (16 bytes a point). */
export function encodePointCloud2(positions: Float32Array, colours: Uint8Array | null, frameId: string, stamp?: { sec: number; nanosec: number }): PointCloud2Message {
  const count = positions.length / 3;
  const step = 16;
  const data = new Uint8Array(count * step);
  const view = new DataView(data.buffer);
  for (let i = 0; i < count; i++) {
    view.setFloat32(i * step, positions[i * 3]!, true);
    view.setFloat32(i * step + 4, positions[i * 3 + 1]!, true);
    view.setFloat32(i * step + 8, positions[i * 3 + 2]!, true);
    const rgb = colours ? (colours[i * 3]! << 16) | (colours[i * 3 + 1]! << 8) | colours[i * 3 + 2]! : 0xffffff;
    view.setUint32(i * step + 12, rgb >>> 0, true);
  }
  return {
    header: { frame_id: frameId, ...(stamp ? { stamp } : {}) },
    height: 1,
    width: count,
    fields: [
      { name: 'x', offset: 0, datatype: FLOAT32, count: 1 },
      { name: 'y', offset: 4, datatype: FLOAT32, count: 1 },
      { name: 'z', offset: 8, datatype: FLOAT32, count: 1 },
      { name: 'rgb', offset: 12, datatype: FLOAT32, count: 1 },
    ],
    is_bigendian: false,
    point_step: step,
    row_step: step * count,
    data,
    is_dense: true,
  };
}
