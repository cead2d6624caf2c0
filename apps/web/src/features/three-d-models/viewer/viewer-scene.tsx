import type { Area, Observation } from '@gprhub/contract';
import { Z_UP_TO_Y_UP } from '@gprhub/scan3d';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import type { DisplayedModel } from '../model-files';
import type { ControlMode } from './controls';
import { FirstPersonControl, OrbitControl } from './controls';
import type { Measurement } from './measure-tool';
import { MeasureTool } from './measure-tool';
import type { ModelLoadInfo, ModelLook } from './model-content';
import { ModelContent } from './model-content';
import { ObservationObject } from './observation-object';
import { OctreePointCloud } from './octree-cloud';

/** RTAB-Map's z-up world as three's y-up: the one place the frames meet (packages/scan3d `Z_UP_TO_Y_UP`). */
const WORLD_MATRIX = new THREE.Matrix4().fromArray(Z_UP_TO_Y_UP as number[]);

export interface ViewerStats {
  fps: number;
  /** Points drawn by the last frame. */
  points: number;
  /** The point budget of a cloud drawn through its octree, else null. */
  pointBudget: number | null;
  triangles: number;
}

export interface ViewerSceneProps {
  model: DisplayedModel | null;
  look: ModelLook;
  /** Model rotation about the viewer's x, y, z, degrees. */
  rotationDeg: { x: number; y: number; z: number };
  isGridVisible: boolean;
  controlMode: ControlMode;
  isMeasuring: boolean;
  observations: { observation: Observation; area: Area }[];
  selectedObservationId: string | null;
  layers: { radargrams: boolean; rebars: boolean };
  onStats: (stats: ViewerStats) => void;
  onMeasure: (m: Measurement) => void;
  onLoaded: (info: ModelLoadInfo) => void;
  onError: (message: string) => void;
}

/** Frame rate and what the last frame drew, reported twice a second. */
function StatsProbe({ onStats }: { onStats: (s: ViewerStats) => void }) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const frames = useRef(0);
  const since = useRef(performance.now());
  useFrame(() => {
    frames.current++;
    const now = performance.now();
    if (now - since.current >= 500) {
      const cloud = scene.getObjectByName('model-content');
      onStats({
        fps: (frames.current * 1000) / (now - since.current),
        // An octree cloud answers both from the same update (what it showed, within which budget).
        points: cloud instanceof OctreePointCloud ? cloud.shownPoints : gl.info.render.points,
        pointBudget: cloud instanceof OctreePointCloud ? cloud.pointBudget : null,
        triangles: gl.info.render.triangles,
      });
      frames.current = 0;
      since.current = now;
    }
  });
  return null;
}

/** Exposes world-to-screen projection for the browser tests (and nothing else). */
function ProjectionProbe() {
  const { camera, gl } = useThree();
  useEffect(() => {
    const probe = (x: number, y: number, z: number) => {
      const p = new THREE.Vector3(x, y, z).applyMatrix4(WORLD_MATRIX).project(camera);
      const rect = gl.domElement.getBoundingClientRect();
      return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
    };
    (gl.domElement as HTMLCanvasElement & { projectWorldPoint?: typeof probe }).projectWorldPoint = probe;
  }, [camera, gl]);
  return null;
}

/** Frame the camera on the model once it is loaded (y-up box). */
function useFraming() {
  const [target, setTarget] = useState(() => new THREE.Vector3(0, 1, 0));
  const camera = useRef<THREE.Camera | null>(null);
  const frame = useCallback((box: THREE.Box3) => {
    if (box.isEmpty() || !camera.current) return;
    const center = box.getCenter(new THREE.Vector3());
    const size = box.getSize(new THREE.Vector3()).length();
    camera.current.position.copy(center).add(new THREE.Vector3(0.6, 0.5, 0.9).normalize().multiplyScalar(Math.max(size * 1.1, 1)));
    camera.current.lookAt(center);
    setTarget(center);
  }, []);
  return { target, frame, camera };
}

function CameraRef({ cameraRef }: { cameraRef: React.RefObject<THREE.Camera | null> }) {
  const camera = useThree((s) => s.camera);
  cameraRef.current = camera;
  return null;
}

/** The 3D view: the model and the observations in the world frame, grid, controls, measuring, stats. */
export function ViewerScene(props: ViewerSceneProps) {
  const { target, frame, camera } = useFraming();
  const rotation = useMemo(
    () => new THREE.Euler(...(['x', 'y', 'z'] as const).map((a) => (props.rotationDeg[a] * Math.PI) / 180) as [number, number, number]),
    [props.rotationDeg],
  );
  const { onLoaded } = props;
  const handleLoaded = useCallback(
    (box: THREE.Box3 | null, info: ModelLoadInfo) => {
      if (box) frame(box.clone().applyMatrix4(WORLD_MATRIX));
      onLoaded(info);
    },
    [frame, onLoaded],
  );
  return (
    <Canvas
      data-testid="model-canvas"
      // No MSAA and one device pixel per CSS pixel: clouds of millions of points are fill-bound, and
      // multisampling multiplies that cost (4× on software renderers) for little gain on points.
      gl={{ preserveDrawingBuffer: true, antialias: false, powerPreference: 'high-performance' }}
      dpr={1}
      camera={{ fov: 55, near: 0.01, far: 500, position: [3, 3, 3] }}
      style={{ background: '#1b2027' }}
    >
      <CameraRef cameraRef={camera} />
      <ambientLight intensity={0.8} />
      <directionalLight position={[4, 8, 6]} intensity={1.6} />
      <directionalLight position={[-5, 3, -4]} intensity={0.6} />
      <group rotation={rotation}>
        <group matrixAutoUpdate={false} matrix={WORLD_MATRIX}>
          {props.model && <ModelContent model={props.model} look={props.look} onLoaded={handleLoaded} onError={props.onError} />}
          {props.observations.map(({ observation, area }) => (
            <ObservationObject key={observation.id} observation={observation} area={area} isSelected={observation.id === props.selectedObservationId} layers={props.layers} />
          ))}
        </group>
      </group>
      {props.isGridVisible && <gridHelper args={[20, 40, '#5c6b7a', '#2f3a45']} />}
      {props.controlMode === 'orbit' ? <OrbitControl target={target} /> : <FirstPersonControl />}
      <MeasureTool isActive={props.isMeasuring} onChange={props.onMeasure} />
      <StatsProbe onStats={props.onStats} />
      <ProjectionProbe />
    </Canvas>
  );
}
