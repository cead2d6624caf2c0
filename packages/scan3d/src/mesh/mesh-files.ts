import { assembleGlb, positionBounds, SRGB_TO_LINEAR_U16 } from '../formats/glb-writer';
import type { ColouredMesh } from './marching-cubes';

/**
 * Area-weighted vertex normals (unit length; zero for a vertex no triangle with area uses).
 *
 * @param mesh - Positions and indices.
 * @returns xyz per vertex.
 * @example vertexNormals(mesh).length === mesh.positions.length
 */
export function vertexNormals(mesh: Pick<ColouredMesh, 'positions' | 'indices'>): Float32Array {
  const { positions: p, indices } = mesh;
  const normals = new Float32Array(p.length);
  for (let i = 0; i < indices.length; i += 3) {
    const a = indices[i]! * 3;
    const b = indices[i + 1]! * 3;
    const c = indices[i + 2]! * 3;
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      normals[v] += nx;
      normals[v + 1] += ny;
      normals[v + 2] += nz;
    }
  }
  for (let v = 0; v < normals.length; v += 3) {
    const length = Math.hypot(normals[v]!, normals[v + 1]!, normals[v + 2]!);
    if (length > 0) for (let a = 0; a < 3; a++) normals[v + a]! /= length;
  }
  return normals;
}

/**
 * A GLB (binary glTF 2.0) of a vertex-coloured triangle mesh: POSITION (float), NORMAL (float), COLOR_0
 * (normalised unsigned short RGBA, linear as glTF requires, converted from the sRGB camera colours) and 32-bit
 * indices, one unlit-free PBR material (rough, not metallic, double-sided). Coordinates are written as given
 * (the map frame, z up: the viewer turns the whole model once, as for every other file of a version).
 *
 * @param mesh - Positions (metres), sRGB colours, indices.
 * @returns The file's bytes.
 * @example writeGlbColouredMesh({ positions, colours, indices })
 */
export function writeGlbColouredMesh(mesh: ColouredMesh): Uint8Array {
  const count = mesh.positions.length / 3;
  const normals = vertexNormals(mesh);
  const colours = new Uint16Array(count * 4);
  for (let v = 0; v < count; v++) {
    for (let a = 0; a < 3; a++) colours[v * 4 + a] = SRGB_TO_LINEAR_U16[mesh.colours[v * 3 + a]!]!;
    colours[v * 4 + 3] = 65535;
  }
  const { min, max } = positionBounds(mesh.positions);
  return assembleGlb(
    {
      asset: { version: '2.0', generator: 'gprhub scan3d (TSDF + marching cubes)' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0, name: 'mesh' }],
      meshes: [
        { name: 'mesh', primitives: [{ attributes: { POSITION: 0, NORMAL: 1, COLOR_0: 2 }, indices: 3, material: 0, mode: 4 }] },
      ],
      materials: [
        { name: 'vertex colours', pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 1 }, doubleSided: true },
      ],
      bufferViews: [{ target: 34962 }, { target: 34962 }, { target: 34962 }, { target: 34963 }],
      accessors: [
        { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
        { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
        { bufferView: 2, componentType: 5123, normalized: true, count, type: 'VEC4' },
        { bufferView: 3, componentType: 5125, count: mesh.indices.length, type: 'SCALAR' },
      ],
    },
    [mesh.positions, normals, colours, mesh.indices],
  );
}

/**
 * The mesh as Wavefront OBJ with vertex colours (`v x y z r g b`, colours 0–1 as MeshLab, CloudCompare and
 * three's OBJLoader read them) and its MTL (one white material, so viewers that ignore vertex colours still
 * draw it).
 *
 * @param mesh - Positions (metres), sRGB colours, indices.
 * @param mtlName - The MTL file's name, referenced by `mtllib`.
 * @returns Both files' bytes.
 * @example writeObjMesh(mesh, 'mesh.mtl')
 */
export function writeObjMesh(mesh: ColouredMesh, mtlName = 'mesh.mtl'): { obj: Uint8Array; mtl: Uint8Array } {
  const chunks: string[] = [
    `# gprhub scan3d: TSDF + marching cubes, ${mesh.positions.length / 3} vertices, ${mesh.indices.length / 3} triangles\n`,
    `mtllib ${mtlName}\n`,
  ];
  const count = mesh.positions.length / 3;
  let lines: string[] = [];
  const flush = () => {
    chunks.push(lines.join(''));
    lines = [];
  };
  for (let v = 0; v < count; v++) {
    const p = mesh.positions;
    const c = mesh.colours;
    lines.push(
      `v ${p[v * 3]!.toFixed(4)} ${p[v * 3 + 1]!.toFixed(4)} ${p[v * 3 + 2]!.toFixed(4)} ${(c[v * 3]! / 255).toFixed(3)} ${(c[v * 3 + 1]! / 255).toFixed(3)} ${(c[v * 3 + 2]! / 255).toFixed(3)}\n`,
    );
    if (lines.length === 65536) flush();
  }
  flush();
  chunks.push('usemtl mesh\n');
  for (let i = 0; i < mesh.indices.length; i += 3) {
    lines.push(`f ${mesh.indices[i]! + 1} ${mesh.indices[i + 1]! + 1} ${mesh.indices[i + 2]! + 1}\n`);
    if (lines.length === 65536) flush();
  }
  flush();
  const parts = chunks.map(asciiBytes);
  const obj = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    obj.set(part, at);
    at += part.length;
  }
  const mtl = asciiBytes('# gprhub scan3d\nnewmtl mesh\nKa 1 1 1\nKd 1 1 1\nKs 0 0 0\nd 1\nillum 1\n');
  return { obj, mtl };
}

/** The bytes of ASCII text (all the OBJ and MTL writers produce). */
function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
