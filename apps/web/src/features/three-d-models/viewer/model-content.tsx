import { nextPointBudget } from '@gprhub/scan3d';
import { useFrame } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PCDLoader } from 'three/examples/jsm/loaders/PCDLoader.js';
import type { DisplayedModel } from '../model-files';
import { markWhenDrawn } from './mark-drawn';
import { nextLevel, type LevelChoice } from './mesh-levels';
import { buildMeshLevels, type MeshLevels } from './mesh-lod';
import { loadPointCloud, NODE_CAPACITY, type CoarseCloud } from './load-point-cloud';
import { MAX_POINT_BUDGET, OctreePointCloud } from './octree-cloud';
import { srgbVertexColourPointsMaterial } from './point-colours';

export interface ModelLook {
  /** Point size, metres (material size / 1000). */
  pointSizeM: number;
  useVertexColors: boolean;
  /** 0–1. */
  opacity: number;
}

/** A loading manager that sends a mesh's referenced files (bin, textures) to their stored addresses. */
function managerFor(files: { name: string; url: string }[]): THREE.LoadingManager {
  const manager = new THREE.LoadingManager();
  manager.setURLModifier((url) => {
    const base = decodeURIComponent(url.split('/').pop() ?? '');
    const file = files.find((f) => f.name === base || f.name.split('.')[0] === base.split('.')[0]);
    return file ? file.url : url;
  });
  return manager;
}

async function loadMesh(model: Exclude<DisplayedModel, { kind: 'cloud' }>): Promise<THREE.Object3D> {
  switch (model.kind) {
    case 'glb':
      return (await new GLTFLoader().loadAsync(model.glb.url)).scene;
    case 'gltf': {
      const refs = [model.bin, model.texture].filter((f): f is NonNullable<typeof f> => f !== null).map((f) => ({ name: `${f.name}.${f.extension}`, url: f.url }));
      return (await new GLTFLoader(managerFor(refs)).loadAsync(model.gltf.url)).scene;
    }
    case 'obj': {
      const refs = model.texture ? [{ name: `${model.texture.name}.${model.texture.extension}`, url: model.texture.url }] : [];
      const loader = new OBJLoader(managerFor(refs));
      if (model.mtl) {
        const materials = await new MTLLoader(managerFor(refs)).loadAsync(model.mtl.url);
        materials.preload();
        loader.setMaterials(materials);
      }
      return loader.loadAsync(model.obj.url);
    }
    case 'preview':
      return new PCDLoader().loadAsync(model.pcd.url);
  }
}

/** Apply the look (opacity, vertex colours, point size) to every material under an object. */
function applyLook(root: THREE.Object3D, look: ModelLook): void {
  root.traverse((object) => {
    const mesh = object as THREE.Mesh | THREE.Points;
    if (!mesh.material) return;
    for (const material of [mesh.material].flat()) {
      material.transparent = look.opacity < 1;
      material.opacity = look.opacity;
      material.depthWrite = look.opacity >= 1;
      if (material instanceof THREE.PointsMaterial) {
        material.size = look.pointSizeM;
        // Measured colours, unlit (the PCD preview's too): as they are, without the canvas' tone mapping.
        material.toneMapped = false;
        // An octree cloud's nodes share its material (and may not exist yet): the cloud answers for them.
        const hasColours = object instanceof OctreePointCloud ? object.hasColours : Boolean(mesh.geometry.getAttribute('color'));
        material.vertexColors = look.useVertexColors && hasColours;
      } else if (material instanceof THREE.MeshStandardMaterial && mesh.geometry.getAttribute('color')) {
        // A generated mesh carries its colours per vertex: the same switch turns them off.
        material.vertexColors = look.useVertexColors;
      }
      material.needsUpdate = true;
    }
  });
}

/** What is drawn: points kept of the file's, and the level (a coarse subsample, the octree, or the whole model). */
export interface ModelLoadInfo {
  points: number;
  totalPoints: number;
  level: 'coarse' | 'octree' | 'whole';
}

export interface ModelContentProps {
  model: DisplayedModel;
  look: ModelLook;
  /**
   * Called when the model is drawn, with its bounds in the world frame (z up) the first time; a point cloud
   * calls again (bounds null) when its octree replaces the coarse level.
   */
  onLoaded: (box: THREE.Box3 | null, info: ModelLoadInfo) => void;
  onError: (message: string) => void;
}

/** The displayed model: a mesh (GLB, glTF, OBJ), the point cloud (PLY, loaded in a worker) or the preview (PCD). */
export function ModelContent({ model, look, onLoaded, onError }: ModelContentProps) {
  const [object, setObject] = useState<THREE.Object3D | null>(null);
  const [meshLevels, setMeshLevels] = useState<MeshLevels | null>(null);
  const modelKey = model.kind === 'cloud' ? model.ply.url : JSON.stringify(model);
  const callbacks = useRef({ onLoaded, onError });
  callbacks.current = { onLoaded, onError };

  useEffect(() => {
    let isCancelled = false;
    let cancelWorker = () => {};
    let cancelLevels = () => {};
    const finish = (next: THREE.Object3D, info: ModelLoadInfo) => {
      if (isCancelled) return;
      markWhenDrawn(next, info.level);
      setObject(next);
      callbacks.current.onLoaded(new THREE.Box3().setFromObject(next), info);
    };
    if (model.kind === 'cloud') {
      let hasShown = false;
      const load = loadPointCloud(model.ply.url, {
        onCoarse: (cloud) => {
          if (isCancelled) return;
          hasShown = true;
          finish(coarsePoints(cloud), { points: cloud.count, totalPoints: cloud.total, level: 'coarse' });
        },
        onOctree: (cloud) => {
          if (isCancelled) return;
          const octree = new OctreePointCloud(cloud);
          setObject(octree);
          // The coarse level already framed the view; a cloud small enough to have none is framed now.
          callbacks.current.onLoaded(hasShown ? null : octree.computeBounds(), { points: cloud.count, totalPoints: cloud.total, level: 'octree' });
        },
        onError: (message) => !isCancelled && callbacks.current.onError(message),
      });
      cancelWorker = load.cancel;
    } else {
      loadMesh(model).then(
        (loaded) => {
          let points = 0;
          loaded.traverse((o) => {
            if (o instanceof THREE.Points) points += o.geometry.getAttribute('position').count;
          });
          finish(loaded, { points, totalPoints: points, level: 'whole' });
          if (isCancelled) return;
          // Simplified levels, drawn while frames are too slow for the full mesh (built off the main thread).
          cancelLevels = buildMeshLevels(loaded, (levels) => !isCancelled && setMeshLevels(levels)).cancel;
        },
        (error: Error) => !isCancelled && callbacks.current.onError(`The model could not be read: ${error.message}`),
      );
    }
    return () => {
      isCancelled = true;
      cancelWorker();
      cancelLevels();
      setMeshLevels(null);
    };
    // The key stands for the model's files.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modelKey]);

  useEffect(() => {
    if (object) applyLook(object, look);
  }, [object, look]);

  useEffect(() => () => meshLevels?.dispose(), [meshLevels]);

  useEffect(
    () => () => {
      if (object instanceof OctreePointCloud) return object.dispose();
      object?.traverse((o) => {
        const mesh = o as THREE.Mesh;
        mesh.geometry?.dispose();
        for (const m of [mesh.material ?? []].flat()) m.dispose();
      });
    },
    [object],
  );

  return object ? (
    <>
      <primitive object={object} name="model-content" />
      {object instanceof OctreePointCloud && <OctreeLevelOfDetail cloud={object} />}
      {meshLevels && <MeshLevelOfDetail levels={meshLevels} />}
    </>
  ) : null;
}

/** An even subsample of the cloud, drawn while the octree is built. */
function coarsePoints(cloud: CoarseCloud): THREE.Points {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(cloud.positions, 3));
  if (cloud.colours) geometry.setAttribute('color', new THREE.BufferAttribute(cloud.colours, 3, true));
  geometry.computeBoundingSphere();
  const points = new THREE.Points(geometry, srgbVertexColourPointsMaterial(Boolean(cloud.colours)));
  points.name = 'point-cloud';
  return points;
}

/** Frame time aimed at while the view moves (fluid orbiting), and while it is still (more points, ~10 fps). */
const MOVING_FRAME_MS = 20;
const STILL_FRAME_MS = 100;
/**
 * A mesh's frame time aimed at while the view is still: the full mesh is drawn unless one frame of it would
 * take longer than this (the lag before a drag starts to turn the view).
 */
const MESH_STILL_FRAME_MS = 250;
/** The view counts as still this long after the camera last moved. */
const STILL_AFTER_MS = 400;

/** Whether the camera moved in the last {@link STILL_AFTER_MS}, tracked frame to frame. */
function useIsMoving(): (camera: THREE.Camera, now: number) => boolean {
  const lastView = useRef(new THREE.Matrix4());
  const movedAt = useRef(0);
  return (camera, now) => {
    if (!camera.matrixWorld.equals(lastView.current)) {
      lastView.current.copy(camera.matrixWorld);
      movedAt.current = now;
    }
    return now - movedAt.current < STILL_AFTER_MS;
  };
}

/**
 * Each frame, the mesh's level of detail from the frame time ({@link nextLevel}): the full mesh while frames
 * allow it, simplified levels while they are too slow (on software renderers, while orbiting). A level is
 * judged slow on two frames in a row (one slow frame, a garbage collection or an upload, changes nothing).
 */
function MeshLevelOfDetail({ levels }: { levels: MeshLevels }) {
  const choice = useRef<LevelChoice>({ level: 0, slow: [] });
  const last = useRef({ at: performance.now(), frameMs: Infinity, level: levels.level });
  const isMoving = useIsMoving();
  useFrame((state) => {
    const now = performance.now();
    const targetFrameMs = isMoving(state.camera, now) ? MOVING_FRAME_MS : MESH_STILL_FRAME_MS;
    const frameMs = now - last.current.at;
    // The frame before drew the same level: the faster of the two; else this one alone, never judged slow.
    const judged = last.current.level === levels.level ? Math.min(frameMs, last.current.frameMs) : Math.min(frameMs, targetFrameMs * 1.5);
    last.current = { at: now, frameMs, level: levels.level };
    choice.current.level = levels.level;
    levels.show(nextLevel(choice.current, levels.triangles, judged, targetFrameMs, now).level);
  });
  return null;
}

/**
 * Each frame, the octree's nodes for this view within the point budget; the budget follows the frame time
 * (packages/scan3d `nextPointBudget`: lower when frames are slow, up to {@link MAX_POINT_BUDGET} when fast),
 * aiming at fluid frames while the view moves and at a denser picture once it is still.
 */
function OctreeLevelOfDetail({ cloud }: { cloud: OctreePointCloud }) {
  const budget = useRef(MAX_POINT_BUDGET);
  const last = useRef(performance.now());
  const isMoving = useIsMoving();
  useFrame((state) => {
    const now = performance.now();
    const targetFrameMs = isMoving(state.camera, now) ? MOVING_FRAME_MS : STILL_FRAME_MS;
    budget.current = nextPointBudget(budget.current, now - last.current, { max: MAX_POINT_BUDGET, min: NODE_CAPACITY, targetFrameMs });
    last.current = now;
    if (state.camera instanceof THREE.PerspectiveCamera) cloud.update(state.camera, state.size.height, budget.current);
  });
  return null;
}
