import { assembleGlb, positionBounds } from './formats/glb-writer';
import { PLY_LOD_ORDER_COMMENT } from './formats/ply';
/**
 * A binary little-endian PLY of points with 8-bit colours (float x, y, z; uchar red, green, blue), as
 * RTAB-Map exports clouds.
 *
 * @param positions - xyz per point, metres.
 * @param colours - rgb per point (0–255), or null for none.
 * @param options - `lodOrdered`: the points are shuffled (`shufflePointsInPlace`): the header says so
 *   (`comment lod_order shuffled`), and the viewer draws the file's first points as its coarse level.
 * @returns The file's bytes.
 * @example writePlyPoints(new Float32Array([0, 0, 0]), new Uint8Array([255, 0, 0]))
 */
export function writePlyPoints(positions: Float32Array, colours: Uint8Array | null, options: { lodOrdered?: boolean } = {}): Uint8Array {
  const count = positions.length / 3;
  const header =
    `ply\nformat binary_little_endian 1.0\n${options.lodOrdered ? `${PLY_LOD_ORDER_COMMENT}\n` : ''}element vertex ${count}\nproperty float x\nproperty float y\nproperty float z\n` +
    (colours ? 'property uchar red\nproperty uchar green\nproperty uchar blue\n' : '') +
    'end_header\n';
  const stride = colours ? 15 : 12;
  const out = new Uint8Array(header.length + count * stride);
  for (let i = 0; i < header.length; i++) out[i] = header.charCodeAt(i);
  const view = new DataView(out.buffer);
  for (let k = 0; k < count; k++) {
    const base = header.length + k * stride;
    for (let a = 0; a < 3; a++) view.setFloat32(base + a * 4, positions[k * 3 + a]!, true);
    if (colours) for (let a = 0; a < 3; a++) out[base + 12 + a] = colours[k * 3 + a]!;
  }
  return out;
}

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}

/**
 * A GLB (binary glTF 2.0) of one triangle mesh with a single colour: positions (float32) and 32-bit indices.
 *
 * @param positions - xyz per vertex, metres.
 * @param indices - Three vertex indexes per triangle.
 * @param rgba - Base colour, 0–1 each.
 * @returns The file's bytes.
 * @example writeGlbMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]))
 */
export function writeGlbMesh(positions: Float32Array, indices: Uint32Array, rgba: [number, number, number, number] = [0.8, 0.8, 0.8, 1]): Uint8Array {
  const { min, max } = positionBounds(positions);
  return assembleGlb(
    {
      asset: { version: '2.0', generator: 'gprhub scan3d' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
      materials: [{ pbrMetallicRoughness: { baseColorFactor: rgba, metallicFactor: 0, roughnessFactor: 1 }, doubleSided: true }],
      bufferViews: [{ target: 34962 }, { target: 34963 }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: positions.length / 3, type: 'VEC3', min, max },
        { bufferView: 1, componentType: 5125, count: indices.length, type: 'SCALAR' },
      ],
    },
    [positions, indices],
  );
}

/**
 * The closed triangle mesh of an axis-aligned box (8 corners, 12 triangles).
 *
 * @param min - Lowest corner, metres.
 * @param max - Highest corner, metres.
 * @returns Positions and indices for {@link writeGlbMesh}.
 * @example createBoxMesh([0, 0, 0], [1, 2, 3]).indices.length // 36
 */
export function createBoxMesh(min: [number, number, number], max: [number, number, number]): { positions: Float32Array; indices: Uint32Array } {
  const positions = new Float32Array(24);
  for (let i = 0; i < 8; i++) {
    positions[i * 3] = i & 1 ? max[0] : min[0];
    positions[i * 3 + 1] = i & 2 ? max[1] : min[1];
    positions[i * 3 + 2] = i & 4 ? max[2] : min[2];
  }
  // prettier-ignore
  const indices = new Uint32Array([
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, // z min, z max
    0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, // y min, y max
    0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5, // x min, x max
  ]);
  return { positions, indices };
}

/**
 * Points on the surface of an axis-aligned box on a regular grid, with a colour per face.
 *
 * @param min - Lowest corner, metres.
 * @param max - Highest corner, metres.
 * @param spacingM - Grid spacing, metres.
 * @returns xyz and rgb per point.
 * @example sampleBoxSurface([0, 0, 0], [1, 1, 1], 0.1).positions.length > 0
 */
export function sampleBoxSurface(
  min: [number, number, number],
  max: [number, number, number],
  spacingM: number,
): { positions: Float32Array; colours: Uint8Array } {
  const points: number[] = [];
  const colours: number[] = [];
  const faceColours = [[200, 80, 80], [80, 200, 80], [80, 80, 200]];
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    const nu = Math.max(1, Math.round((max[u]! - min[u]!) / spacingM));
    const nv = Math.max(1, Math.round((max[v]! - min[v]!) / spacingM));
    for (const side of [min[axis]!, max[axis]!]) {
      for (let i = 0; i <= nu; i++) {
        for (let j = 0; j <= nv; j++) {
          const p = [0, 0, 0];
          p[axis] = side;
          p[u] = min[u]! + ((max[u]! - min[u]!) * i) / nu;
          p[v] = min[v]! + ((max[v]! - min[v]!) * j) / nv;
          points.push(...p);
          colours.push(...faceColours[axis]!);
        }
      }
    }
  }
  return { positions: new Float32Array(points), colours: new Uint8Array(colours) };
}

/** A closed unit cylinder (radius 1, height 1 along y, centred on the origin) of `segments` sides. */
export function createUnitCylinderMesh(segments = 16): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [0, -0.5, 0, 0, 0.5, 0];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    positions.push(Math.cos(a), -0.5, Math.sin(a), Math.cos(a), 0.5, Math.sin(a));
  }
  const indices: number[] = [];
  for (let i = 0; i < segments; i++) {
    const b0 = 2 + 2 * i;
    const t0 = b0 + 1;
    const b1 = 2 + 2 * ((i + 1) % segments);
    const t1 = b1 + 1;
    indices.push(b0, t0, b1, b1, t0, t1, 0, b0, b1, 1, t1, t0);
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

/** The rotation (quaternion x, y, z, w) that turns +y onto the unit vector `axis`. */
export function rotationFromY(axis: [number, number, number]): [number, number, number, number] {
  const [x, y, z] = axis;
  if (1 + y < 1e-9) return [1, 0, 0, 0]; // −y: half a turn about x
  const q: [number, number, number, number] = [z, 0, -x, 1 + y];
  const n = Math.hypot(...q);
  return q.map((v) => v / n) as [number, number, number, number];
}

/**
 * A binary glTF of cylinders (e.g. rebars): one node per cylinder, named by `name`, sharing one unit cylinder
 * mesh placed by the node's translation (its centre), rotation (+y onto its axis) and scale (radius, length,
 * radius). Metres, in the caller's frame.
 *
 * @param cylinders - The cylinders.
 * @param rgba - Their colour.
 * @returns The file's bytes.
 * @example writeGlbCylinders([{ name: 'b1', centre: [0, 0, 1], axis: [0, 0, 1], radius: 0.01, length: 0.5 }])
 */
export function writeGlbCylinders(
  cylinders: { name: string; centre: [number, number, number]; axis: [number, number, number]; radius: number; length: number }[],
  rgba: [number, number, number, number] = [1, 0.44, 0.26, 1],
): Uint8Array {
  const { positions, indices } = createUnitCylinderMesh();
  const glb = writeGlbMesh(positions, indices, rgba);
  // Re-use the mesh file's JSON chunk and binary chunk; replace the scene with one node per cylinder.
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(String.fromCharCode(...glb.subarray(20, 20 + jsonLength))) as Record<string, unknown> & { materials: { doubleSided?: boolean }[] };
  const bin = glb.subarray(20 + jsonLength);
  json.materials[0]!.doubleSided = false;
  json.nodes = cylinders.map((c) => ({
    name: c.name,
    mesh: 0,
    translation: c.centre,
    rotation: rotationFromY(c.axis),
    scale: [c.radius, c.length, c.radius],
  }));
  json.scenes = [{ nodes: cylinders.map((_, i) => i) }];
  // Non-ASCII characters escaped, so the JSON chunk is ASCII (valid UTF-8).
  let text = JSON.stringify(json).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  while (text.length % 4) text += ' ';
  const jsonBytes = asciiBytes(text);
  const total = 12 + 8 + jsonBytes.length + bin.length;
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  outView.setUint32(0, 0x46546c67, true);
  outView.setUint32(4, 2, true);
  outView.setUint32(8, total, true);
  outView.setUint32(12, jsonBytes.length, true);
  outView.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  out.set(bin, 20 + jsonBytes.length);
  return out;
}
