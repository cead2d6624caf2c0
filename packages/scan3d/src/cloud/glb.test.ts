import { describe, expect, it } from 'vitest';
import { Scan3dFormatError } from '../formats/header-text';
import { checkVersionFile } from '../version-files';
import { writeGlbMesh } from '../writers';
import { writeGlbPoints } from './glb';

interface Parsed {
  json: {
    asset: { version: string };
    meshes: { primitives: { mode: number; attributes: { POSITION: number; COLOR_0: number } }[] }[];
    accessors: { bufferView: number; componentType: number; count: number; type: string; normalized?: boolean; min?: number[]; max?: number[] }[];
    bufferViews: { byteOffset: number; byteLength: number }[];
    buffers: { byteLength: number }[];
  };
  bin: Uint8Array;
}

/** Read a GLB back as a glTF loader does: header, JSON chunk, BIN chunk. */
function parseGlb(bytes: Uint8Array): Parsed {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint32(0, true)).toBe(0x46546c67); // "glTF"
  expect(view.getUint32(4, true)).toBe(2);
  expect(view.getUint32(8, true)).toBe(bytes.length);
  const jsonLength = view.getUint32(12, true);
  expect(view.getUint32(16, true)).toBe(0x4e4f534a); // "JSON"
  expect(jsonLength % 4).toBe(0);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Parsed['json'];
  const binAt = 20 + jsonLength;
  const binLength = view.getUint32(binAt, true);
  expect(view.getUint32(binAt + 4, true)).toBe(0x004e4942); // "BIN\0"
  expect(binAt + 8 + binLength).toBe(bytes.length);
  expect(json.buffers[0]!.byteLength).toBe(binLength);
  return { json, bin: bytes.slice(binAt + 8) };
}

function accessorData(parsed: Parsed, index: number): Float32Array | Uint16Array {
  const accessor = parsed.json.accessors[index]!;
  const bufferView = parsed.json.bufferViews[accessor.bufferView]!;
  expect(bufferView.byteOffset % 4).toBe(0);
  const slice = parsed.bin.buffer.slice(bufferView.byteOffset, bufferView.byteOffset + bufferView.byteLength);
  return accessor.componentType === 5126 ? new Float32Array(slice) : new Uint16Array(slice);
}

describe('writeGlbPoints', () => {
  const positions = new Float32Array([0, 0, 0, 1.5, -2, 0.25, -0.5, 3, 2.75]);
  const colours = new Uint8Array([255, 0, 0, 0, 128, 255, 10, 20, 30]);

  it('writes one POINTS primitive with POSITION and linear COLOR_0 that read back as given', () => {
    const parsed = parseGlb(writeGlbPoints(positions, colours));
    expect(parsed.json.asset.version).toBe('2.0');
    const primitive = parsed.json.meshes[0]!.primitives[0]!;
    expect(primitive.mode).toBe(0);
    const position = parsed.json.accessors[primitive.attributes.POSITION]!;
    const colour = parsed.json.accessors[primitive.attributes.COLOR_0]!;
    expect(position).toMatchObject({ componentType: 5126, count: 3, type: 'VEC3', min: [-0.5, -2, 0], max: [1.5, 3, 2.75] });
    expect(colour).toMatchObject({ componentType: 5123, normalized: true, count: 3, type: 'VEC4' });
    expect([...accessorData(parsed, primitive.attributes.POSITION)]).toEqual([...positions]);
    const rgba = accessorData(parsed, primitive.attributes.COLOR_0);
    // sRGB 255 → 1, 0 → 0, 128 → 0.2158 (linear), 10 → 0.0030; alpha 1.
    expect([rgba[0], rgba[1], rgba[2], rgba[3]]).toEqual([65535, 0, 0, 65535]);
    expect(rgba[5]! / 65535).toBeCloseTo(0.2158, 3);
    expect(rgba[8]! / 65535).toBeCloseTo(0.003035, 5);
    expect(rgba[7]).toBe(65535);
  });

  it('is accepted as a point_cloud_glb version file, and a mesh GLB or an empty cloud is not', () => {
    const glb = writeGlbPoints(positions, colours);
    expect(checkVersionFile('point_cloud_glb', glb)).toBe('GLB 2.0, 3 points');
    const mesh = writeGlbMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]));
    expect(() => checkVersionFile('point_cloud_glb', mesh)).toThrow(Scan3dFormatError);
    expect(() => checkVersionFile('point_cloud_glb', mesh)).toThrow('without points');
    expect(() => writeGlbPoints(new Float32Array(0), new Uint8Array(0))).toThrow(/at least one point/);
    expect(() => writeGlbPoints(positions, colours.subarray(3))).toThrow(/rgb triple per point/);
  });
});
