import { writeCalibration, writeCalibrationFloats } from './calibration';
import { compressData, CV_32FC1, CV_32SC1 } from './compression';
import { encodeDepthFloatPng, encodeDepthPng16, encodeDepthRvl, encodeJpeg } from './images';
import { RoomScene, rowsToTransform, transformToRows, type RoomTruth, type SceneBox } from './scene';
import { multiply, writeTransform, type Transform3x4 } from './transform';
import type { SceneView } from '../cloud/accuracy';

/**
 * A synthetic RTAB-Map recording: a box-shaped room with a few boxes in it, seen by an RGB-D camera moving on
 * an ellipse around the room's middle at 1.45 m, looking outwards. Depth is exact (rounded to its storage);
 * colours are each surface's colour with a 0.4 m checker. Used by the tests and the benchmark, with its
 * truth (the same layout as the `*.truth.json` files beside the shared recordings).
 */
export interface SyntheticOptions {
  seed?: number;
  frames?: number;
  /** Depth image size; the colour image is `colourScale` times larger. */
  width?: number;
  height?: number;
  colourScale?: number;
  depthFormat?: 'png16' | 'rvl' | 'float';
  /** 'serialized' (≥ 0.18.0) or the float layout of older versions. */
  calibrationLayout?: 'serialized' | 'floats';
  /** Write Admin.opt_ids / opt_poses (a cleanly closed map). */
  optimizedPoses?: boolean;
  version?: string;
}

export interface SyntheticAdminRow {
  version: string;
  opt_ids: Uint8Array | null;
  opt_poses: Uint8Array | null;
}

export interface SyntheticNodeRow {
  id: number;
  map_id: number;
  weight: number;
  stamp: number;
  pose: Uint8Array;
  ground_truth_pose: Uint8Array;
}

export interface SyntheticLinkRow {
  from_id: number;
  to_id: number;
  type: number;
  information_matrix: Uint8Array;
  transform: Uint8Array;
}

export interface SyntheticDataRow {
  id: number;
  image: Uint8Array;
  depth: Uint8Array;
  calibration: Uint8Array;
}

export interface SyntheticRecording {
  truth: RoomTruth;
  admin: SyntheticAdminRow;
  nodes: SyntheticNodeRow[];
  links: SyntheticLinkRow[];
  /** Renders frame i's Data row on demand (one frame's images in memory at a time). */
  frame(index: number): SyntheticDataRow;
  frameCount: number;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rotZ(angle: number): number[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0];
}

function rotY(angle: number): number[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0];
}

const SURFACE_NAMES = ['wall_x_min', 'wall_x_max', 'wall_y_min', 'wall_y_max', 'floor', 'ceiling'];

/** Build a recording (the images are rendered when each frame is asked for). */
export function generateSyntheticRecording(options: SyntheticOptions = {}): SyntheticRecording {
  const seed = options.seed ?? 1;
  const rand = mulberry32(seed);
  const frames = options.frames ?? 12;
  const width = options.width ?? 160;
  const height = options.height ?? 120;
  const colourScale = options.colourScale ?? 1;
  const version = options.version ?? '0.23.8';
  const size: [number, number, number] = [3 + rand() * 1.5, 3 + rand() * 1.5, 2.4 + rand() * 0.3];
  const surfaces = SURFACE_NAMES.map((name) => ({
    name,
    colour: [80 + Math.floor(rand() * 150), 80 + Math.floor(rand() * 150), 80 + Math.floor(rand() * 150)] as [
      number,
      number,
      number,
    ],
  }));
  const boxes: SceneBox[] = [
    {
      name: 'cabinet',
      min: [size[0] - 0.5, 0.4 + rand() * 0.5, 0],
      max: [size[0], 1.4 + rand() * 0.5, 0.9 + rand() * 0.3],
      colour: [110, 100, 120],
    },
    {
      name: 'table',
      min: [1 + rand() * 0.3, size[1] - 0.8, 0],
      max: [1.9 + rand() * 0.3, size[1], 0.75],
      colour: [210, 200, 60],
    },
    { name: 'crate', min: [0.5, 0.5, 0], max: [0.9, 0.9, 0.45], colour: [150, 90, 50] },
  ];
  const fovScale = width / 320;
  const fx = 280 * fovScale;
  const fy = 280 * fovScale;
  const cx = (width - 1) / 2 + 0.3;
  const cy = (height - 1) / 2 - 0.4;
  const local = [0, 0, 1, 0.03, -1, 0, 0, -0.02, 0, -1, 0, 0.01];
  // The map frame is not the room's: readers must not assume one.
  const mapFromRoom = [0, -1, 0, 1.5, 1, 0, 0, -0.5, 0, 0, 1, 0];
  const truth: RoomTruth = {
    room: { min: [0, 0, 0], max: size },
    surfaces,
    boxes,
    map_T_room: [...transformToRows(mapFromRoom), [0, 0, 0, 1]],
    camera: {
      width: width * colourScale,
      height: height * colourScale,
      fx: fx * colourScale,
      fy: fy * colourScale,
      cx: cx * colourScale,
      cy: cy * colourScale,
      depth_width: width,
      depth_height: height,
      depth_fx: fx,
      depth_fy: fy,
      depth_cx: cx,
      depth_cy: cy,
      local_transform: [...transformToRows(local), [0, 0, 0, 1]],
    },
    poses: [],
  };
  const scene = new RoomScene(truth);
  const centre = [size[0] / 2, size[1] / 2];
  const semi = [size[0] * 0.15, size[1] * 0.15];
  const yawBias = 0.004;
  const nodes: SyntheticNodeRow[] = [];
  const links: SyntheticLinkRow[] = [];
  const truthPoses: Transform3x4[] = [];
  let first: Transform3x4 | null = null;
  for (let i = 0; i < frames; i++) {
    const a = (2 * Math.PI * 1.1 * i) / frames;
    const position = [centre[0]! + semi[0]! * Math.cos(a), centre[1]! + semi[1]! * Math.sin(a), 1.45];
    const yaw = a + 0.3 * Math.sin(3 * a);
    const pitch = 0.15 + 0.1 * Math.sin(2 * a);
    const roomPose = multiply(rotZ(yaw), rotY(pitch));
    roomPose[3] = position[0]!;
    roomPose[7] = position[1]!;
    roomPose[11] = position[2]!;
    const pose = multiply(mapFromRoom, roomPose);
    truthPoses.push(pose);
    first ??= pose;
    // Odometry: a yaw drift about the first pose's position, growing with each step.
    const drift = rotZ(yawBias * i);
    const rel = Float64Array.from(pose);
    rel[3] -= first[3]!;
    rel[7] -= first[7]!;
    rel[11] -= first[11]!;
    const odometry = multiply(drift, rel);
    odometry[3] += first[3]!;
    odometry[7] += first[7]!;
    odometry[11] += first[11]!;
    truth.poses.push({
      id: i + 1,
      ground_truth: transformToRows(pose),
      odometry: transformToRows(odometry),
      optimized: transformToRows(pose),
    });
    nodes.push({
      id: i + 1,
      map_id: 0,
      weight: 1,
      stamp: 1_700_000_000 + i * 0.5,
      pose: writeTransform(odometry),
      ground_truth_pose: new Uint8Array(48),
    });
    if (i > 0) {
      for (const [from, to] of [
        [i, i + 1],
        [i + 1, i],
      ] as const)
        links.push({
          from_id: from,
          to_id: to,
          type: 0,
          information_matrix: new Uint8Array(36 * 8),
          transform: writeTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
        });
    }
  }
  const optimized = options.optimizedPoses ?? true;
  const ids = new Int32Array(frames).map((_, i) => i + 1);
  const posesFlat = new Float32Array(frames * 12);
  truthPoses.forEach((p, i) => posesFlat.set(p, i * 12));
  const admin: SyntheticAdminRow = {
    version,
    opt_ids: optimized ? compressData(new Uint8Array(ids.buffer), 1, frames, CV_32SC1) : null,
    opt_poses: optimized ? compressData(new Uint8Array(posesFlat.buffer), frames, 12, CV_32FC1) : null,
  };

  const render = (
    pose: Transform3x4,
    w: number,
    h: number,
    f: number,
    pcx: number,
    pcy: number,
    wantColour: boolean,
  ) => {
    const camRoom = multiply(scene.roomFromMap, multiply(pose, local));
    const depth = new Float32Array(w * h);
    const rgb = wantColour ? new Uint8Array(w * h * 3) : null;
    const ox = camRoom[3]!;
    const oy = camRoom[7]!;
    const oz = camRoom[11]!;
    for (let v = 0; v < h; v++) {
      for (let u = 0; u < w; u++) {
        const dxo = (u - pcx) / f;
        const dyo = (v - pcy) / f;
        const norm = Math.hypot(dxo, dyo, 1);
        const dx = (camRoom[0]! * dxo + camRoom[1]! * dyo + camRoom[2]!) / norm;
        const dy = (camRoom[4]! * dxo + camRoom[5]! * dyo + camRoom[6]!) / norm;
        const dz = (camRoom[8]! * dxo + camRoom[9]! * dyo + camRoom[10]!) / norm;
        const hit = scene.raycast(ox, oy, oz, dx, dy, dz);
        if (!Number.isFinite(hit.t)) continue;
        depth[v * w + u] = hit.t / norm;
        if (rgb) {
          const base = hit.surface >= 0 ? boxes[hit.surface]!.colour : surfaces[-hit.surface - 1]!.colour;
          const p = [ox + dx * hit.t, oy + dy * hit.t, oz + dz * hit.t];
          const [a, b] = hit.axis === 0 ? [1, 2] : hit.axis === 1 ? [0, 2] : [0, 1];
          const checker = (Math.floor(p[a]! / 0.4) + Math.floor(p[b]! / 0.4)) % 2 === 0 ? 1.08 : 0.92;
          for (let c = 0; c < 3; c++)
            rgb[(v * w + u) * 3 + c] = Math.max(0, Math.min(255, Math.round(base[c]! * checker)));
        }
      }
    }
    return { depth, rgb };
  };

  const calibrationCamera = {
    fx: fx * colourScale,
    fy: fy * colourScale,
    cx: cx * colourScale,
    cy: cy * colourScale,
    width: width * colourScale,
    height: height * colourScale,
    localTransform: local,
  };
  const calibration =
    options.calibrationLayout === 'floats'
      ? writeCalibrationFloats(calibrationCamera, true)
      : writeCalibration(calibrationCamera, versionTriple(version));
  const frame = (index: number): SyntheticDataRow => {
    const pose = truthPoses[index];
    if (!pose) throw new Error(`No frame ${index}`);
    const d = render(pose, width, height, fx, cx, cy, colourScale === 1);
    const colour =
      colourScale === 1
        ? d.rgb!
        : render(
            pose,
            width * colourScale,
            height * colourScale,
            fx * colourScale,
            cx * colourScale,
            cy * colourScale,
            true,
          ).rgb!;
    const format = options.depthFormat ?? 'png16';
    const depth =
      format === 'rvl'
        ? encodeDepthRvl(width, height, d.depth)
        : format === 'float'
          ? encodeDepthFloatPng(width, height, d.depth)
          : encodeDepthPng16(width, height, d.depth);
    return {
      id: index + 1,
      image: encodeJpeg(width * colourScale, height * colourScale, colour, 92),
      depth,
      calibration,
    };
  };
  return { truth, admin, nodes, links, frame, frameCount: frames };
}

function versionTriple(version: string): [number, number, number] {
  const p = version.split('.').map((s) => Number.parseInt(s, 10) || 0);
  return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];
}

/** The poses of a truth file by id (ground truth, or the odometry). */
export function truthPoses(truth: RoomTruth, which: 'ground_truth' | 'odometry'): Map<number, Transform3x4> {
  return new Map(truth.poses.map((p) => [p.id, rowsToTransform(p[which])]));
}

/** The views of a truth file: each frame's ground-truth pose with the depth camera, for coverage checks. */
export function truthViews(truth: RoomTruth): SceneView[] {
  const c = truth.camera;
  const local = rowsToTransform(c.local_transform);
  return truth.poses.map((p) => ({
    pose: rowsToTransform(p.ground_truth),
    localTransform: local,
    fx: c.depth_fx,
    fy: c.depth_fy,
    cx: c.depth_cx,
    cy: c.depth_cy,
    width: c.depth_width,
    height: c.depth_height,
  }));
}
