import * as THREE from 'three';
import { MIN_LEVEL_TRIANGLES } from './mesh-levels';
import type { MeshLodReply, MeshLodRequest } from './mesh-lod.worker';

interface MeshEntry {
  mesh: THREE.Mesh;
  full: THREE.BufferGeometry;
  /** Simplified geometries, finest first, sharing the full geometry's vertex attributes (GPU buffers too). */
  levels: THREE.BufferGeometry[];
}

function triangleCount(geometry: THREE.BufferGeometry): number {
  return (geometry.index ? geometry.index.count : geometry.getAttribute('position').count) / 3;
}

/**
 * The levels of detail of a loaded mesh model: each of its large meshes with simplified versions (built off
 * the main thread, see `mesh-lod.worker.ts`), drawn by {@link show}. Raycasts (the measuring tool) always use
 * the full geometry, whatever level is drawn.
 */
export class MeshLevels {
  /** Triangles of the whole model at each level: the full mesh first, coarser after. */
  readonly triangles: number[];
  private shown = 0;

  constructor(private readonly entries: MeshEntry[], smallTriangles: number) {
    const depth = Math.max(0, ...entries.map((e) => e.levels.length));
    this.triangles = Array.from({ length: depth + 1 }, (_, level) =>
      entries.reduce((sum, e) => sum + triangleCount(level === 0 ? e.full : e.levels[Math.min(level, e.levels.length) - 1] ?? e.full), smallTriangles),
    );
    for (const { mesh, full } of entries) {
      const raycast = THREE.Mesh.prototype.raycast;
      mesh.raycast = function (raycaster, hits) {
        const drawn = this.geometry;
        this.geometry = full;
        try {
          raycast.call(this, raycaster, hits);
        } finally {
          this.geometry = drawn;
        }
      };
    }
  }

  /** The level drawn now (0 the full mesh). */
  get level(): number {
    return this.shown;
  }

  /** Draw `level` (0 the full mesh; a mesh with fewer levels draws its coarsest). */
  show(level: number): void {
    if (level === this.shown) return;
    this.shown = level;
    for (const e of this.entries) e.mesh.geometry = level === 0 || e.levels.length === 0 ? e.full : e.levels[Math.min(level, e.levels.length) - 1]!;
  }

  /** Back to the full geometries; frees the levels' index buffers (the shared vertex buffers stay). */
  dispose(): void {
    this.show(0);
    for (const e of this.entries) {
      for (const level of e.levels) {
        // Only the index is the level's own; disposing the geometry would free the shared vertex buffers too.
        for (const name of Object.keys(level.attributes)) level.deleteAttribute(name);
        level.dispose();
      }
      delete (e.mesh as { raycast?: unknown }).raycast;
    }
  }
}

/**
 * Build the simplified levels of a model's large meshes in a web worker (meshoptimizer), one mesh at a time;
 * `onReady` gets them once every mesh is done (nothing when the model is small or has no mesh to simplify).
 * A mesh whose geometry draws several materials (groups), or whose positions are interleaved, is drawn whole.
 */
export function buildMeshLevels(root: THREE.Object3D, onReady: (levels: MeshLevels) => void): { cancel: () => void } {
  const candidates: THREE.Mesh[] = [];
  let smallTriangles = 0;
  root.traverse((o) => {
    if (!(o instanceof THREE.Mesh) || !(o.geometry instanceof THREE.BufferGeometry)) return;
    const geometry = o.geometry;
    const position = geometry.getAttribute('position');
    const attributes = Object.values(geometry.attributes);
    const isSimplifiable =
      position !== undefined &&
      triangleCount(geometry) >= MIN_LEVEL_TRIANGLES &&
      geometry.groups.length <= 1 &&
      attributes.every((a) => a instanceof THREE.BufferAttribute) &&
      Object.keys(geometry.morphAttributes).length === 0;
    if (isSimplifiable) candidates.push(o);
    else if (position) smallTriangles += triangleCount(geometry);
  });
  if (candidates.length === 0) return { cancel: () => {} };
  const worker = new Worker(new URL('./mesh-lod.worker.ts', import.meta.url), { type: 'module' });
  const entries: MeshEntry[] = [];
  let isCancelled = false;
  worker.onmessage = (event: MessageEvent<MeshLodReply>) => {
    const reply = event.data;
    const mesh = candidates[reply.id]!;
    const full = mesh.geometry;
    if (reply.kind === 'levels') {
      const levels = reply.levels.map((indices) => {
        const level = new THREE.BufferGeometry();
        for (const [name, attribute] of Object.entries(full.attributes)) level.setAttribute(name, attribute);
        level.setIndex(new THREE.BufferAttribute(indices, 1));
        level.boundingBox = full.boundingBox?.clone() ?? null;
        level.boundingSphere = full.boundingSphere?.clone() ?? null;
        return level;
      });
      entries.push({ mesh, full, levels });
    } else {
      // A mesh the simplifier could not take is drawn whole, always.
      smallTriangles += triangleCount(full);
    }
    if (reply.id === candidates.length - 1) {
      worker.terminate();
      if (!isCancelled && entries.some((e) => e.levels.length > 0)) onReady(new MeshLevels(entries, smallTriangles));
    }
  };
  worker.onerror = () => worker.terminate();
  candidates.forEach((mesh, id) => {
    const geometry = mesh.geometry;
    const position = geometry.getAttribute('position') as THREE.BufferAttribute;
    const positions = position.array instanceof Float32Array ? position.array.slice() : Float32Array.from(position.array);
    const index = geometry.index ? Uint32Array.from(geometry.index.array) : null;
    const attributes = index
      ? []
      : Object.values(geometry.attributes).map((a) => ({ array: (a as THREE.BufferAttribute).array.slice() as MeshLodRequest['attributes'][number]['array'], itemSize: a.itemSize }));
    const colour = geometry.getAttribute('color') as THREE.BufferAttribute | undefined;
    let colours: Float32Array | null = null;
    if (colour && colour.itemSize >= 3) {
      colours = new Float32Array(colour.count * 3);
      // getX/getY/getZ undo a normalised attribute's integer scale (a GLB's COLOR_0 is often unsigned short).
      for (let v = 0; v < colour.count; v++) colours.set([colour.getX(v), colour.getY(v), colour.getZ(v)], v * 3);
    }
    const request: MeshLodRequest = { id, positions, index, attributes, colours };
    worker.postMessage(request, [positions.buffer, ...(index ? [index.buffer] : []), ...attributes.map((a) => a.array.buffer as ArrayBuffer), ...(colours ? [colours.buffer] : [])]);
  });
  return {
    cancel: () => {
      isCancelled = true;
      worker.terminate();
    },
  };
}
