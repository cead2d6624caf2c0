import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { areaGridToLineMatrix, BAR_LENGTH_M, placeBarInModel, type ObservationArea } from './observation-area';
import { writeGlbCylinders } from './writers';

// Issue #21: an observation's bars as glTF, placed in the model's frame as the 3D viewer places them.
const area: ObservationArea = { origin: [2, 3, 1], planeX: [0, 1, 0], planeY: [0, 0, -1], planeZ: [-1, 0, 0] };
const bars = [
  { id: 'bar-a', xM: 0.1, depthM: 0.04, radiusM: 0.006 },
  { id: 'bar-b', xM: 0.35, depthM: 0.05, radiusM: 0 },
];

async function readGlb(bytes: Uint8Array) {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return new Promise<THREE.Group>((resolve, reject) => new GLTFLoader().parse(buffer, '', (gltf) => resolve(gltf.scene), reject));
}

describe('observation bars as glTF', () => {
  it('places each bar at origin + x·planeX + depth·planeZ, along planeY', () => {
    expect(placeBarInModel(area, bars[0]!)).toEqual({ id: 'bar-a', centre: [1.96, 3.1, 1], axis: [0, 0, -1], radius: 0.006, length: BAR_LENGTH_M });
    expect(placeBarInModel(area, bars[1]!).radius).toBe(0.002);
  });

  it('writes one named cylinder per bar, read back by three.js at its place and size', async () => {
    const placed = bars.map((b) => placeBarInModel(area, b));
    const glb = writeGlbCylinders(placed.map((p) => ({ ...p, name: p.id })));
    const scene = await readGlb(glb);
    scene.updateMatrixWorld(true);
    const meshes: THREE.Mesh[] = [];
    scene.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh);
    });
    expect(meshes).toHaveLength(2);
    for (const p of placed) {
      const mesh = scene.getObjectByName(p.id) as THREE.Mesh;
      expect(mesh).toBeDefined();
      const box = new THREE.Box3().setFromObject(mesh);
      const centre = box.getCenter(new THREE.Vector3());
      expect(centre.x).toBeCloseTo(p.centre[0], 5);
      expect(centre.y).toBeCloseTo(p.centre[1], 5);
      expect(centre.z).toBeCloseTo(p.centre[2], 5);
      // Along planeY (world −z here): the bar's length; across it, its diameter.
      const size = box.getSize(new THREE.Vector3());
      expect(size.z).toBeCloseTo(BAR_LENGTH_M, 5);
      expect(size.x).toBeCloseTo(2 * p.radius, 5);
    }
  });
});

describe('areaGridToLineMatrix', () => {
  const apply = (m: number[], p: [number, number, number]) => [0, 1, 2].map((r) => m[4 * r]! * p[0] + m[4 * r + 1]! * p[1] + m[4 * r + 2]! * p[2] + m[4 * r + 3]!);
  it('puts the grid point under a line on that line, y growing up the wall (against planeY)', () => {
    // A LEFT_TO_RIGHT line at grid y 0.1: a point 0.2 m along it at 4 cm depth sits on the line's own section.
    expect(apply(areaGridToLineMatrix('LEFT_TO_RIGHT', 0.1), [0.2, 0.1, 0.04])).toEqual([0.2, 0, 0.04]);
    // 0.1 m further up the wall is 0.1 m against planeY (which points down the wall).
    expect(apply(areaGridToLineMatrix('LEFT_TO_RIGHT', 0.1), [0.2, 0.2, 0.04])).toEqual([0.2, -0.1, 0.04]);
    // A BOTTOM_TO_TOP line at grid x 0.4 runs along grid y; planeY points along grid x.
    const m = areaGridToLineMatrix('BOTTOM_TO_TOP', 0.4);
    expect(apply(m, [0.4, 0.3, 0.07]).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0.3, 0, 0.07]);
    expect(apply(m, [0.5, 0.3, 0.07]).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0.3, 0.1, 0.07]);
  });
});
