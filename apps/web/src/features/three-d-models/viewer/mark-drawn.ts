import * as THREE from 'three';

/**
 * Mark (performance mark `viewer3d:drawn-<level>`, which the benchmark reads) when the renderer first draws
 * the object's first mesh or points; an octree cloud marks its own first node.
 */
export function markWhenDrawn(root: THREE.Object3D, level: 'coarse' | 'octree' | 'whole'): void {
  let first: THREE.Object3D | null = null;
  root.traverse((o) => {
    if (!first && (o instanceof THREE.Mesh || o instanceof THREE.Points)) first = o;
  });
  const drawable = first as THREE.Object3D | null;
  if (!drawable) return;
  const previous = drawable.onAfterRender;
  drawable.onAfterRender = (...args) => {
    performance.mark(`viewer3d:drawn-${level}`);
    drawable.onAfterRender = previous;
    previous.apply(drawable, args);
  };
}
