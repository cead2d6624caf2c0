import { apply, cameraInRoom, type RoomScene } from '../rtabmap/scene';
import { invert, type Transform3x4 } from '../rtabmap/transform';

export interface PointAccuracy {
  points: number;
  /** Fraction of points within the tolerance of a true surface. */
  withinTolerance: number;
  meanDistanceM: number;
}

/** How close a cloud (map frame) lies to the true surfaces. */
export function pointAccuracy(positions: Float32Array, scene: RoomScene, toleranceM = 0.02): PointAccuracy {
  const count = positions.length / 3;
  let within = 0;
  let sum = 0;
  const t = scene.roomFromMap;
  for (let k = 0; k < count; k++) {
    const [x, y, z] = apply(t, positions[k * 3]!, positions[k * 3 + 1]!, positions[k * 3 + 2]!);
    const d = scene.distance(x, y, z);
    sum += d;
    if (d <= toleranceM) within++;
  }
  return {
    points: count,
    withinTolerance: count ? within / count : 0,
    meanDistanceM: count ? sum / count : 0,
  };
}

/** A view of the scene: the camera's optical frame in the map (pose · local transform) and its depth intrinsics. */
export interface SceneView {
  pose: Transform3x4;
  localTransform: Transform3x4;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  width: number;
  height: number;
}

export interface Coverage {
  /** Visible true surface (m²): seen by at least one view within range, not hidden. */
  visibleAreaM2: number;
  /** Of it, the part with a cloud point within the tolerance. */
  coveredAreaM2: number;
  covered: number;
}

/**
 * Which part of the surfaces the views saw has a cloud point within the tolerance. The surfaces are sampled
 * on a `stepM` grid; a sample is visible when it projects inside a view's image, lies within the range, and
 * the ray from that camera reaches it first.
 */
export function surfaceCoverage(
  positions: Float32Array,
  scene: RoomScene,
  views: SceneView[],
  options: { maxRangeM: number; toleranceM?: number; stepM?: number },
): Coverage {
  const tol = options.toleranceM ?? 0.02;
  const step = options.stepM ?? 0.02;
  // Cloud points in the room frame, hashed by cells of the tolerance's size.
  const cells = new Map<number, number[]>();
  const cellKey = (ix: number, iy: number, iz: number) =>
    ((ix + 32768) * 65536 + (iy + 32768)) * 65536 + (iz + 32768);
  const count = positions.length / 3;
  const room = new Float64Array(count * 3);
  for (let k = 0; k < count; k++) {
    const p = apply(scene.roomFromMap, positions[k * 3]!, positions[k * 3 + 1]!, positions[k * 3 + 2]!);
    room.set(p, k * 3);
    const key = cellKey(Math.floor(p[0] / tol), Math.floor(p[1] / tol), Math.floor(p[2] / tol));
    const list = cells.get(key);
    if (list) list.push(k);
    else cells.set(key, [k]);
  }
  const near = (x: number, y: number, z: number): boolean => {
    const cx = Math.floor(x / tol);
    const cy = Math.floor(y / tol);
    const cz = Math.floor(z / tol);
    for (let a = -1; a <= 1; a++)
      for (let b = -1; b <= 1; b++)
        for (let c = -1; c <= 1; c++) {
          const list = cells.get(cellKey(cx + a, cy + b, cz + c));
          if (!list) continue;
          for (const k of list) {
            const dx = room[k * 3]! - x;
            const dy = room[k * 3 + 1]! - y;
            const dz = room[k * 3 + 2]! - z;
            if (dx * dx + dy * dy + dz * dz <= tol * tol) return true;
          }
        }
    return false;
  };
  const cams = views.map((v) => {
    const roomFromCam = cameraInRoom(scene, v.pose, v.localTransform);
    return { v, roomFromCam, camFromRoom: invert(roomFromCam) };
  });
  const visible = (x: number, y: number, z: number): boolean => {
    for (const { v, roomFromCam, camFromRoom } of cams) {
      const [px, py, pz] = apply(camFromRoom, x, y, z);
      if (!(pz > 0.05 && pz <= options.maxRangeM)) continue;
      const u = (v.fx * px) / pz + v.cx;
      const w = (v.fy * py) / pz + v.cy;
      if (u < 0 || w < 0 || u > v.width - 1 || w > v.height - 1) continue;
      const ox = roomFromCam[3]!;
      const oy = roomFromCam[7]!;
      const oz = roomFromCam[11]!;
      const dx = x - ox;
      const dy = y - oy;
      const dz = z - oz;
      const dist = Math.hypot(dx, dy, dz);
      const hit = scene.raycast(ox, oy, oz, dx / dist, dy / dist, dz / dist);
      if (hit.t >= dist - 0.005) return true;
    }
    return false;
  };
  let visibleSamples = 0;
  let coveredSamples = 0;
  for (const face of faces(scene)) {
    const [a, b] = face.span;
    const nu = Math.max(1, Math.round((face.max[a]! - face.min[a]!) / step));
    const nv = Math.max(1, Math.round((face.max[b]! - face.min[b]!) / step));
    for (let i = 0; i < nu; i++) {
      for (let j = 0; j < nv; j++) {
        const p = [0, 0, 0];
        p[face.axis] = face.at;
        p[a] = face.min[a]! + ((i + 0.5) * (face.max[a]! - face.min[a]!)) / nu;
        p[b] = face.min[b]! + ((j + 0.5) * (face.max[b]! - face.min[b]!)) / nv;
        if (!visible(p[0]!, p[1]!, p[2]!)) continue;
        visibleSamples++;
        if (near(p[0]!, p[1]!, p[2]!)) coveredSamples++;
      }
    }
  }
  const area = step * step;
  return {
    visibleAreaM2: visibleSamples * area,
    coveredAreaM2: coveredSamples * area,
    covered: visibleSamples ? coveredSamples / visibleSamples : 0,
  };
}

interface Face {
  axis: number;
  at: number;
  span: [number, number];
  min: readonly number[];
  max: readonly number[];
}

function faces(scene: RoomScene): Face[] {
  const out: Face[] = [];
  const boxFaces = (min: readonly number[], max: readonly number[]) => {
    for (let axis = 0; axis < 3; axis++) {
      const span: [number, number] = axis === 0 ? [1, 2] : axis === 1 ? [0, 2] : [0, 1];
      out.push({ axis, at: min[axis]!, span, min, max });
      out.push({ axis, at: max[axis]!, span, min, max });
    }
  };
  boxFaces(scene.truth.room.min, scene.truth.room.max);
  for (const b of scene.truth.boxes) boxFaces(b.min, b.max);
  return out;
}
