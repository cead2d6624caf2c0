import { invert, multiply, type Transform3x4 } from './transform';

/** An axis-aligned box in the room frame (metres). */
export interface SceneBox {
  name: string;
  min: [number, number, number];
  max: [number, number, number];
  colour: [number, number, number];
}

/**
 * The truth of a recorded room (the `*.truth.json` beside a recording, and what the synthetic generator
 * writes): the room box (its inside faces are the walls, floor and ceiling), the boxes standing in it, the
 * map ← room transform, the camera and every ground-truth pose.
 */
export interface RoomTruth {
  room: { min: [number, number, number]; max: [number, number, number] };
  surfaces?: { name: string; colour: [number, number, number] }[];
  boxes: SceneBox[];
  /** 4 × 4 nested rows. */
  map_T_room: number[][];
  camera: {
    width: number;
    height: number;
    fx: number;
    fy: number;
    cx: number;
    cy: number;
    depth_width: number;
    depth_height: number;
    depth_fx: number;
    depth_fy: number;
    depth_cx: number;
    depth_cy: number;
    local_transform: number[][];
  };
  poses: { id: number; ground_truth: number[][]; odometry: number[][]; optimized?: number[][] }[];
}

/** Flatten 3 × 4 (or 4 × 4) nested rows to a 3 × 4 transform. */
export function rowsToTransform(rows: number[][]): Transform3x4 {
  const t = new Float64Array(12);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) t[r * 4 + c] = rows[r]![c]!;
  return t;
}

export function transformToRows(t: ArrayLike<number>): number[][] {
  return [0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => t[r * 4 + c]!));
}

/** Apply a 3 × 4 transform to a point. */
export function apply(t: ArrayLike<number>, x: number, y: number, z: number): [number, number, number] {
  return [
    t[0]! * x + t[1]! * y + t[2]! * z + t[3]!,
    t[4]! * x + t[5]! * y + t[6]! * z + t[7]!,
    t[8]! * x + t[9]! * y + t[10]! * z + t[11]!,
  ];
}

/** The scene in the room frame, ready for distance queries and ray casts. */
export class RoomScene {
  readonly roomFromMap: Transform3x4;
  readonly mapFromRoom: Transform3x4;

  constructor(readonly truth: Pick<RoomTruth, 'room' | 'boxes' | 'map_T_room'>) {
    this.mapFromRoom = rowsToTransform(truth.map_T_room);
    this.roomFromMap = invert(this.mapFromRoom);
  }

  /** Distance (metres) from a room-frame point to the nearest true surface (room faces or box faces). */
  distance(x: number, y: number, z: number): number {
    const { min, max } = this.truth.room;
    let best: number;
    const inside = x >= min[0] && x <= max[0] && y >= min[1] && y <= max[1] && z >= min[2] && z <= max[2];
    if (inside) best = Math.min(x - min[0], max[0] - x, y - min[1], max[1] - y, z - min[2], max[2] - z);
    else best = boxDistance(min, max, x, y, z);
    for (const b of this.truth.boxes) best = Math.min(best, boxDistance(b.min, b.max, x, y, z));
    return best;
  }

  /**
   * Cast a ray (room frame, unit direction) from inside the room: the distance to the first surface hit and
   * which surface (-1..-6 the room's faces x−, x+, y−, y+, z−, z+; k ≥ 0 box k) with the face axis.
   */
  raycast(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
  ): { t: number; surface: number; axis: number } {
    const { min, max } = this.truth.room;
    const o = [ox, oy, oz];
    const d = [dx, dy, dz];
    // Exit of the room box.
    let t = Infinity;
    let surface = -1;
    let axis = 0;
    for (let a = 0; a < 3; a++) {
      if (d[a]! > 1e-12) {
        const ta = (max[a]! - o[a]!) / d[a]!;
        if (ta < t) [t, surface, axis] = [ta, -(a * 2 + 2), a];
      } else if (d[a]! < -1e-12) {
        const ta = (min[a]! - o[a]!) / d[a]!;
        if (ta < t) [t, surface, axis] = [ta, -(a * 2 + 1), a];
      }
    }
    this.truth.boxes.forEach((b, k) => {
      let tNear = -Infinity;
      let tFar = Infinity;
      let nearAxis = 0;
      for (let a = 0; a < 3; a++) {
        if (Math.abs(d[a]!) < 1e-12) {
          if (o[a]! < b.min[a]! || o[a]! > b.max[a]!) return;
          continue;
        }
        let t1 = (b.min[a]! - o[a]!) / d[a]!;
        let t2 = (b.max[a]! - o[a]!) / d[a]!;
        if (t1 > t2) [t1, t2] = [t2, t1];
        if (t1 > tNear) [tNear, nearAxis] = [t1, a];
        tFar = Math.min(tFar, t2);
      }
      if (tNear <= tFar && tNear > 1e-9 && tNear < t) [t, surface, axis] = [tNear, k, nearAxis];
    });
    return { t, surface, axis };
  }
}

function boxDistance(
  min: readonly number[],
  max: readonly number[],
  x: number,
  y: number,
  z: number,
): number {
  const p = [x, y, z];
  let outside = 0;
  let insideGap = Infinity;
  for (let a = 0; a < 3; a++) {
    const below = min[a]! - p[a]!;
    const above = p[a]! - max[a]!;
    const gap = Math.max(below, above);
    if (gap > 0) outside += gap * gap;
    else insideGap = Math.min(insideGap, -gap);
  }
  return outside > 0 ? Math.sqrt(outside) : insideGap;
}

/** The optical-frame camera pose in the room frame: room ← map · map ← base · base ← optical. */
export function cameraInRoom(
  scene: RoomScene,
  pose: ArrayLike<number>,
  local: ArrayLike<number>,
): Transform3x4 {
  return multiply(scene.roomFromMap, multiply(pose, local));
}
