import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/** Orbit around a target, or walk first-person (WASD/arrows, Q/E down/up, drag to look). */
export type ControlMode = 'orbit' | 'first-person';

/** First-person step per frame, metres: 0.05, and 0.1 with Shift (spec 001 §9). */
export const WALK_SPEED_M = 0.05;
export const RUN_SPEED_M = 0.1;

export function OrbitControl({ target }: { target: THREE.Vector3 }) {
  const { camera, gl } = useThree();
  const controls = useRef<OrbitControls | null>(null);
  useEffect(() => {
    const c = new OrbitControls(camera, gl.domElement);
    c.enableDamping = false;
    c.target.copy(target);
    c.update();
    controls.current = c;
    return () => c.dispose();
  }, [camera, gl, target]);
  return null;
}

export function FirstPersonControl() {
  const { camera, gl } = useThree();
  const keys = useRef(new Set<string>());
  useEffect(() => {
    const element = gl.domElement;
    const euler = new THREE.Euler(0, 0, 0, 'YXZ').setFromQuaternion(camera.quaternion);
    let dragging = false;
    const down = (e: PointerEvent) => {
      dragging = true;
      element.setPointerCapture(e.pointerId);
    };
    const up = () => {
      dragging = false;
    };
    const move = (e: PointerEvent) => {
      if (!dragging) return;
      euler.y -= e.movementX * 0.003;
      euler.x = Math.max(-1.5, Math.min(1.5, euler.x - e.movementY * 0.003));
      camera.quaternion.setFromEuler(euler);
    };
    const keyDown = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest('input, textarea')) return;
      keys.current.add(e.code);
      if (e.shiftKey) keys.current.add('Shift');
    };
    const keyUp = (e: KeyboardEvent) => {
      keys.current.delete(e.code);
      if (!e.shiftKey) keys.current.delete('Shift');
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointermove', move);
    window.addEventListener('keydown', keyDown);
    window.addEventListener('keyup', keyUp);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointermove', move);
      window.removeEventListener('keydown', keyDown);
      window.removeEventListener('keyup', keyUp);
    };
  }, [camera, gl]);
  useFrame(() => {
    const k = keys.current;
    if (k.size === 0) return;
    const speed = k.has('Shift') ? RUN_SPEED_M : WALK_SPEED_M;
    const forward = new THREE.Vector3();
    camera.getWorldDirection(forward);
    const right = new THREE.Vector3().crossVectors(forward, camera.up).normalize();
    const step = new THREE.Vector3();
    if (k.has('KeyW') || k.has('ArrowUp')) step.add(forward);
    if (k.has('KeyS') || k.has('ArrowDown')) step.sub(forward);
    if (k.has('KeyD') || k.has('ArrowRight')) step.add(right);
    if (k.has('KeyA') || k.has('ArrowLeft')) step.sub(right);
    if (k.has('KeyE')) step.y += 1;
    if (k.has('KeyQ')) step.y -= 1;
    if (step.lengthSq() > 0) camera.position.addScaledVector(step.normalize(), speed);
  });
  return null;
}
