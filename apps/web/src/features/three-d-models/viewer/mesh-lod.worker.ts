/// <reference lib="webworker" />
import { simplifiedLevels, weldVertices } from './mesh-levels';

/**
 * A request: simplified levels of one triangle mesh. `index` is the mesh's own (null for a non-indexed mesh,
 * whose vertices are then welded over `attributes`, every vertex attribute of the mesh, position first).
 */
export interface MeshLodRequest {
  id: number;
  positions: Float32Array;
  index: Uint32Array | null;
  attributes: { array: Float32Array | Uint8Array | Uint16Array | Int8Array | Int16Array | Uint32Array; itemSize: number }[];
  /** rgb per vertex, 0–1, when the mesh has vertex colours. */
  colours: Float32Array | null;
}

/** The answer: the levels' indices, finest first (into the mesh's own vertices), or an error. */
export type MeshLodReply = { id: number; kind: 'levels'; levels: Uint32Array[] } | { id: number; kind: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Builds a mesh's simplified levels off the main thread (meshoptimizer), one mesh a message. */
self.onmessage = async (event: MessageEvent<MeshLodRequest>) => {
  const { id, positions, index, attributes, colours } = event.data;
  try {
    const indices = index ?? weldVertices(attributes, positions.length / 3);
    const levels = await simplifiedLevels(indices, positions, colours);
    const reply: MeshLodReply = { id, kind: 'levels', levels };
    scope.postMessage(reply, levels.map((l) => l.buffer as ArrayBuffer));
  } catch (error) {
    const reply: MeshLodReply = { id, kind: 'error', message: error instanceof Error ? error.message : String(error) };
    scope.postMessage(reply);
  }
};
