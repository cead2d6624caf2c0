import { describe, expect, it } from 'vitest';
import { surfaceCoverage } from '../cloud';
import { readCalibration } from '../rtabmap/calibration';
import { decodeColour, decodeDepth } from '../rtabmap/images';
import { generateSyntheticRecording, truthPoses, truthViews } from '../rtabmap/synthetic';
import { RoomScene } from '../rtabmap/scene';
import { extractMesh } from './marching-cubes';
import { TRIANGLE_START, TRIANGLES } from './marching-cubes-table';
import { meshAccuracy, sampleMeshSurface } from './mesh-accuracy';
import { vertexNormals, writeGlbColouredMesh, writeObjMesh } from './mesh-files';
import { integrateFrame } from './generate-mesh';
import { simplifyMesh } from './simplify';
import { TsdfVolume } from './tsdf';

/** Every undirected edge of a mesh and how many triangles use it. */
function edgeUse(indices: Uint32Array): Map<string, number> {
  const uses = new Map<string, number>();
  for (let i = 0; i < indices.length; i += 3)
    for (let e = 0; e < 3; e++) {
      const a = indices[i + e]!;
      const b = indices[i + ((e + 1) % 3)]!;
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  return uses;
}

function sphereVolume(radiusVoxels: number, centre: number): TsdfVolume {
  const volume = new TsdfVolume({ voxelSizeM: 0.01, truncationM: 0.04 });
  const n = Math.ceil(centre + radiusVoxels + 6);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const d = Math.hypot(x - centre, y - centre, z - centre) - radiusVoxels;
        // Positive outside (free space), negative inside, in truncation units of 4 voxels.
        if (Math.abs(d) < 4) volume.setSample(x, y, z, d / 4, 1, [200, 100, 50]);
      }
  return volume;
}

describe('the marching-cubes table', () => {
  it('has a triangle list for every case and none for empty and full cubes', () => {
    expect(TRIANGLE_START[1]! - TRIANGLE_START[0]!).toBe(0);
    expect(TRIANGLE_START[256]! - TRIANGLE_START[255]!).toBe(0);
    for (let c = 1; c < 255; c++) {
      const n = TRIANGLE_START[c + 1]! - TRIANGLE_START[c]!;
      expect(n % 3).toBe(0);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(30); // one loop of at most 12 crossings: 10 triangles
    }
    expect(TRIANGLES.every((e) => e < 12)).toBe(true);
  });

  it('meshes a sphere closed (every edge of two triangles), on its surface, facing outwards', () => {
    const r = 10.3;
    const centre = 12.4;
    const mesh = extractMesh(sphereVolume(r, centre));
    expect(mesh.indices.length / 3).toBeGreaterThan(500);
    const uses = edgeUse(mesh.indices);
    expect([...uses.values()].every((n) => n === 2)).toBe(true);
    const normals = vertexNormals(mesh);
    let worst = 0;
    let outward = 0;
    const count = mesh.positions.length / 3;
    for (let v = 0; v < count; v++) {
      const d = [0, 1, 2].map((a) => mesh.positions[v * 3 + a]! / 0.01 - centre);
      const length = Math.hypot(d[0]!, d[1]!, d[2]!);
      worst = Math.max(worst, Math.abs(length - r));
      if (d[0]! * normals[v * 3]! + d[1]! * normals[v * 3 + 1]! + d[2]! * normals[v * 3 + 2]! > 0) outward++;
    }
    expect(worst).toBeLessThan(0.1); // voxels
    expect(outward).toBe(count);
    // Area of the sphere within 3 %.
    const { areaM2 } = sampleMeshSurface(mesh, 0.01);
    expect(areaM2 / (4 * Math.PI * (r * 0.01) ** 2)).toBeGreaterThan(0.97);
    expect(areaM2 / (4 * Math.PI * (r * 0.01) ** 2)).toBeLessThan(1.03);
    expect(Array.from(mesh.colours.subarray(0, 3))).toEqual([200, 100, 50]);
  });
});

describe('a TSDF mesh of a generated room', () => {
  const recording = generateSyntheticRecording({ seed: 5, frames: 16, width: 160, height: 120 });
  const truth = recording.truth;
  const scene = new RoomScene(truth);
  const poses = truthPoses(truth, 'ground_truth');
  const volume = new TsdfVolume();
  for (let i = 0; i < recording.frameCount; i++) {
    const row = recording.frame(i);
    integrateFrame(
      volume,
      {
        id: row.id,
        depth: decodeDepth(row.depth),
        colour: decodeColour(row.image),
        cameras: readCalibration(row.calibration, recording.admin.version),
      },
      poses.get(row.id)!,
    );
  }
  const extracted = extractMesh(volume);

  it('lies within 3 mm of the true walls, floor, ceiling and boxes on average and covers what was seen', () => {
    const accuracy = meshAccuracy(extracted, scene);
    expect(accuracy.meanDistanceM).toBeLessThan(0.003);
    expect(accuracy.withinTolerance).toBeGreaterThan(0.97);
    const samples = sampleMeshSurface(extracted, 0.01);
    const coverage = surfaceCoverage(samples.positions, scene, truthViews(truth), { maxRangeM: 4, toleranceM: 0.02 });
    expect(coverage.visibleAreaM2).toBeGreaterThan(5);
    expect(coverage.covered).toBeGreaterThanOrEqual(0.9);
    // Seen surface and meshed area agree (no doubled walls, no large missing parts): within 15 %.
    expect(accuracy.areaM2 / coverage.visibleAreaM2).toBeGreaterThan(0.85);
    expect(accuracy.areaM2 / coverage.visibleAreaM2).toBeLessThan(1.15);
  });

  it('faces the cameras, and takes the surfaces colours', () => {
    const normals = vertexNormals(extracted);
    const cameras = [...poses.values()].map((p) => [p[3]!, p[7]!, p[11]!]);
    let facing = 0;
    const count = extracted.positions.length / 3;
    for (let v = 0; v < count; v++) {
      // Some camera that fused the volume sees the vertex's front side.
      const isFacing = cameras.some((c) => [0, 1, 2].reduce((s, a) => s + (c[a]! - extracted.positions[v * 3 + a]!) * normals[v * 3 + a]!, 0) > 0);
      if (isFacing) facing++;
    }
    expect(facing / count).toBeGreaterThan(0.98);
    const distinct = new Set<number>();
    for (let v = 0; v < count; v += 7)
      distinct.add((extracted.colours[v * 3]! >> 5) * 64 + (extracted.colours[v * 3 + 1]! >> 5) * 8 + (extracted.colours[v * 3 + 2]! >> 5));
    expect(distinct.size).toBeGreaterThan(4);
  });

  it('simplifies to a triangle budget and stays on the surfaces', async () => {
    const budget = Math.floor(extracted.indices.length / 3 / 10);
    const { mesh, errorM } = await simplifyMesh(extracted, budget);
    expect(mesh.indices.length / 3).toBeLessThanOrEqual(budget);
    expect(mesh.indices.length / 3).toBeGreaterThan(budget / 4);
    expect(errorM).toBeLessThan(0.01);
    expect(mesh.indices.reduce((m, i) => Math.max(m, i), 0)).toBe(mesh.positions.length / 3 - 1);
    expect(meshAccuracy(mesh, scene).meanDistanceM).toBeLessThan(0.003);
  });

  it('writes a GLB with positions, normals, colours and indices, and an OBJ with vertex colours', () => {
    const glb = writeGlbColouredMesh(extracted);
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(view.getUint32(0, true)).toBe(0x46546c67);
    expect(view.getUint32(8, true)).toBe(glb.length);
    const jsonLength = view.getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as {
      meshes: { primitives: { attributes: Record<string, number>; indices: number }[] }[];
      accessors: { count: number; componentType: number; min?: number[] }[];
      bufferViews: { byteOffset: number; byteLength: number }[];
    };
    expect(Object.keys(json.meshes[0]!.primitives[0]!.attributes).sort()).toEqual(['COLOR_0', 'NORMAL', 'POSITION']);
    expect(json.accessors[0]!.count).toBe(extracted.positions.length / 3);
    expect(json.accessors[3]!.count).toBe(extracted.indices.length);
    const bin = 20 + jsonLength + 8;
    const first = new Float32Array(glb.slice(bin, bin + 12).buffer);
    expect(Array.from(first)).toEqual(Array.from(extracted.positions.subarray(0, 3)));
    const { obj, mtl } = writeObjMesh(extracted);
    const text = new TextDecoder().decode(obj);
    expect(text).toContain('mtllib mesh.mtl');
    expect(text.match(/^v /gm)).toHaveLength(extracted.positions.length / 3);
    expect(text.match(/^f /gm)).toHaveLength(extracted.indices.length / 3);
    expect(new TextDecoder().decode(mtl)).toContain('newmtl mesh');
  });
});
