import { useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';

/** A press shorter than this is a click (spec 001 §9); longer ones are orbit drags. */
export const CLICK_THRESHOLD_MS = 200;
/** The live distance shown while aiming changes only by steps of this much (spec 001 §9). */
export const DISPLAY_STEP_M = 0.1;

export interface Measurement {
  points: THREE.Vector3[];
  /** Distance between the two points, metres (null until both are set). */
  distanceM: number | null;
  /** The live distance from the first point to the surface under the cursor, in 0.1 m steps. */
  liveDistanceM: number | null;
}

/**
 * The measuring tool: a click (a press shorter than 200 ms) on a surface of the model sets a point; two
 * points give a distance; a third click starts again. Points are picked on the model only (not on the
 * observations or the grid).
 */
export function MeasureTool({ isActive, onChange }: { isActive: boolean; onChange: (m: Measurement) => void }) {
  const { camera, gl, scene, raycaster, pointer } = useThree();
  const [points, setPoints] = useState<THREE.Vector3[]>([]);
  const live = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!isActive) {
      setPoints([]);
      live.current = null;
      return;
    }
    const element = gl.domElement;
    let downAt = 0;
    const pick = (event: PointerEvent): THREE.Vector3 | null => {
      const rect = element.getBoundingClientRect();
      pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(pointer, camera);
      raycaster.params.Points = { threshold: 0.02 };
      const target = scene.getObjectByName('model-content');
      const hit = target ? raycaster.intersectObject(target, true)[0] : undefined;
      return hit ? hit.point.clone() : null;
    };
    const down = () => {
      downAt = performance.now();
    };
    const up = (event: PointerEvent) => {
      if (performance.now() - downAt >= CLICK_THRESHOLD_MS) return;
      const point = pick(event);
      if (!point) return;
      setPoints((previous) => (previous.length >= 2 ? [point] : [...previous, point]));
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointerup', up);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointerup', up);
    };
  }, [isActive, camera, gl, scene, raycaster, pointer]);

  useEffect(() => {
    if (!isActive || points.length !== 1) return;
    const element = gl.domElement;
    const move = (event: PointerEvent) => {
      const rect = element.getBoundingClientRect();
      pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(pointer, camera);
      const target = scene.getObjectByName('model-content');
      const hit = target ? raycaster.intersectObject(target, true)[0] : undefined;
      if (!hit) return;
      const d = hit.point.distanceTo(points[0]!);
      if (live.current === null || Math.abs(d - live.current) >= DISPLAY_STEP_M) {
        live.current = Math.round(d / DISPLAY_STEP_M) * DISPLAY_STEP_M;
        onChangeRef.current({ points, distanceM: null, liveDistanceM: live.current });
      }
    };
    element.addEventListener('pointermove', move);
    return () => element.removeEventListener('pointermove', move);
  }, [isActive, points, camera, gl, scene, raycaster, pointer]);

  useEffect(() => {
    live.current = null;
    onChangeRef.current({ points, distanceM: points.length === 2 ? points[0]!.distanceTo(points[1]!) : null, liveDistanceM: null });
  }, [points]);

  const line = points.length === 2 ? new THREE.BufferGeometry().setFromPoints(points) : null;
  return (
    <group>
      {points.map((p, i) => (
        <mesh key={i} position={p}>
          <sphereGeometry args={[0.015, 16, 12]} />
          <meshBasicMaterial color="#ffd54f" depthTest={false} />
        </mesh>
      ))}
      {line && (
        <lineSegments geometry={line}>
          <lineBasicMaterial color="#ffd54f" depthTest={false} />
        </lineSegments>
      )}
    </group>
  );
}
