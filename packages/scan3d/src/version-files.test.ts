import { describe, expect, it } from 'vitest';
import { checkVersionFile } from './version-files';

const enc = (s: string) => new TextEncoder().encode(s);

function glb(json: object, declaredLength?: number): Uint8Array {
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const out = new Uint8Array(20 + text.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, declaredLength ?? out.length, true);
  view.setUint32(12, text.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(enc(text), 20);
  return out;
}

describe('checkVersionFile', () => {
  it('accepts each kind and describes it', () => {
    expect(checkVersionFile('rtabmap_glb', glb({ asset: { version: '2.0' }, meshes: [{}] }))).toBe('GLB 2.0, 1 meshes');
    expect(checkVersionFile('rtabmap_gltf', enc('{"asset":{"version":"2.0"},"buffers":[{"uri":"mesh.bin"}]}'))).toBe('glTF 2.0, 0 meshes');
    expect(checkVersionFile('rtabmap_mesh_obj', enc('# room\nmtllib room.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'))).toBe('OBJ, 3 vertices, 1 faces');
    expect(checkVersionFile('rtabmap_mesh_mtl', enc('newmtl a\nnewmtl b\n'))).toBe('2 materials');
    expect(checkVersionFile('rtabmap_mesh_texture', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10]))).toBe('PNG');
    expect(checkVersionFile('rtabmap_db', enc('SQLite format 3\u0000rest'))).toBe('SQLite database');
    expect(checkVersionFile('rtabmap_preview_pcd', enc('# .PCD v0.7\nVERSION 0.7\nFIELDS x y z rgb\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 1 1 1\nWIDTH 2\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS 2\nDATA binary_compressed\n'))).toBe('PCD binary_compressed, 2 points');
    expect(checkVersionFile('radar_positions', enc('[{"id":"a","order":0,"direction":"LEFT_TO_RIGHT","startPoint":[0,0,1],"endPoint":[1,0,1]}]'))).toBe('1 radar position');
  });

  it('refuses content that does not match its type, with the reason', () => {
    expect(() => checkVersionFile('point_cloud', enc('hello'))).toThrow('is not a PLY file');
    expect(() => checkVersionFile('rtabmap_glb', enc('{"asset":{"version":"2.0"}}     '))).toThrow('is not a GLB file (it does not start with "glTF")');
    expect(() => checkVersionFile('rtabmap_glb', glb({ asset: { version: '2.0' } }, 9999))).toThrow('declares 9999 bytes');
    expect(() => checkVersionFile('rtabmap_glb', glb({ asset: { version: '1.0' } }))).toThrow('only glTF 2.0');
    expect(() => checkVersionFile('rtabmap_gltf', enc('not json'))).toThrow('not valid JSON');
    expect(() => checkVersionFile('rtabmap_mesh_obj', enc('hello world\n'))).toThrow('is not an OBJ file');
    expect(() => checkVersionFile('rtabmap_mesh_mtl', enc('Kd 1 1 1\n'))).toThrow('no "newmtl"');
    expect(() => checkVersionFile('rtabmap_mesh_texture', enc('GIF89a'))).toThrow('is not a PNG, JPEG or WebP image');
    expect(() => checkVersionFile('rtabmap_db', enc('ply\n'))).toThrow('not SQLite');
    expect(() => checkVersionFile('rtabmap_preview_pcd', enc('VERSION 0.7\nFIELDS a b\nDATA ascii\n'))).toThrow('without x, y and z');
    expect(() => checkVersionFile('radar_positions', enc('[{"id":"a","startPoint":[0,0],"endPoint":[1,0,1]}]'))).toThrow('bad position at index 0');
    expect(() => checkVersionFile('point_cloud', new Uint8Array())).toThrow('is empty');
  });
});

describe('writers', () => {
  it('writes a PLY and a GLB that the checks accept', async () => {
    const { createBoxMesh, sampleBoxSurface, writeGlbMesh, writePlyPoints } = await import('./writers');
    const { readPlyHeader } = await import('./formats/ply');
    const { readPlyPoints } = await import('./formats/ply-points');
    const box = sampleBoxSurface([0, 0, 0], [1, 2, 0.5], 0.25);
    const ply = writePlyPoints(box.positions, box.colours);
    expect(checkVersionFile('point_cloud', ply)).toBe(`PLY binary_little_endian, ${box.positions.length / 3} points with colours`);
    expect(Array.from(readPlyPoints(ply, readPlyHeader(ply)).positions)).toEqual(Array.from(box.positions));
    const mesh = createBoxMesh([0, 0, 0], [1, 2, 0.5]);
    expect(checkVersionFile('rtabmap_glb', writeGlbMesh(mesh.positions, mesh.indices))).toBe('GLB 2.0, 1 meshes');
  });
});
