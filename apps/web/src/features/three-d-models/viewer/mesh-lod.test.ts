import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { MeshLevels } from './mesh-lod';

describe('MeshLevels', () => {
  // A unit square of two triangles in z = 0; its "level" keeps only the first triangle (x + y ≤ 1).
  const full = new THREE.BufferGeometry();
  full.setAttribute('position', new THREE.BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]), 3));
  full.setIndex([0, 1, 2, 2, 1, 3]);
  const level = new THREE.BufferGeometry();
  level.setAttribute('position', full.getAttribute('position'));
  level.setIndex([0, 1, 2]);
  const mesh = new THREE.Mesh(full, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
  const levels = new MeshLevels([{ mesh, full, levels: [level] }], 10);

  it('counts the triangles of each level with the small meshes drawn whole', () => {
    expect(levels.triangles).toEqual([12, 11]);
  });

  it('draws the level asked for, sharing the vertex buffers, and measures on the full mesh', () => {
    levels.show(1);
    expect(mesh.geometry).toBe(level);
    expect(mesh.geometry.getAttribute('position')).toBe(full.getAttribute('position'));
    // (0.8, 0.8) is on the full square only (the level lacks the second triangle): the raycast still hits it.
    const raycaster = new THREE.Raycaster(new THREE.Vector3(0.8, 0.8, 1), new THREE.Vector3(0, 0, -1));
    const hits = raycaster.intersectObject(mesh);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.point.toArray()).toEqual([0.8, 0.8, 0]);
    expect(mesh.geometry).toBe(level);
    levels.dispose();
    expect(mesh.geometry).toBe(full);
    expect(mesh.raycast).toBe(THREE.Mesh.prototype.raycast);
  });
});
