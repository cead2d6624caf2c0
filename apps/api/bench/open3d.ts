/**
 * Open3D's run of the same work, for `scan3d.bench.ts`: finds a Python with open3d (Debian's python3-open3d is
 * seen by /usr/bin/python3, not by a pyenv shim on PATH), writes the frames our reader decodes from a recording
 * as image files Open3D reads, runs `open3d_scan3d.py` on one core and reads its result back.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  decodeDepth,
  encodeDepthPng16,
  encodeJpeg,
  multiply,
  readRtabmapFrame,
  readRtabmapSummary,
} from '@gprhub/scan3d/rtabmap';
import { openRtabmapFile } from '../src/jobs/rtabmap-sqlite.js';

export interface Open3d {
  python: string;
  version: string;
}

/** The first Python that imports open3d: Debian's own python3 first, then whatever `python3` is on PATH. */
export function findOpen3d(): Open3d | null {
  for (const python of ['/usr/bin/python3', 'python3']) {
    if (python.startsWith('/') && !existsSync(python)) continue;
    const r = spawnSync(python, ['-c', 'import open3d; print(open3d.__version__)'], { encoding: 'utf8' });
    if (r.status === 0) return { python, version: r.stdout.trim().split('\n').at(-1)! };
  }
  return null;
}

/** `taskset -c 1` when there is such a tool and a second core, so ours and Open3D's run on one core alike. */
export function oneCorePrefix(): string[] {
  return existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', '1'] : [];
}

interface ExportedFrame {
  depth: string;
  colour: string;
  width: number;
  height: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  /** Map ← optical frame, 4 × 4 row-major. */
  cameraToWorld: number[];
}

/**
 * Write a recording's frames (optimised poses, as the job uses) for Open3D: per camera of each frame a 16-bit
 * PNG of depth in millimetres (the database's own PNG when it is one) and a JPEG of colour (the database's own
 * JPEG for a single camera: the script resamples a larger one to the depth's size, timed), with the depth's
 * intrinsics and the camera's pose.
 */
export function exportFramesForOpen3d(dbFile: string, dir: string): number {
  mkdirSync(dir, { recursive: true });
  const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-bench-open3d-'));
  const copy = path.join(tmp, 'rtabmap.db');
  copyFileSync(dbFile, copy);
  const db = openRtabmapFile(copy);
  const frames: ExportedFrame[] = [];
  try {
    const summary = readRtabmapSummary(db);
    for (const id of summary.frameIds) {
      const pose = summary.poses.get(id);
      if (!pose) continue;
      const row = db.all('SELECT image, depth FROM Data WHERE id = ?', [id])[0]!;
      const frame = readRtabmapFrame(db, id, summary.version);
      const { depth, colour, cameras } = frame;
      const n = cameras.length;
      const subWidth = Math.floor(depth.width / n);
      const colourSubWidth = colour ? Math.floor(colour.width / n) : 0;
      cameras.forEach((cam, c) => {
        const name = `${id}-${c}`;
        const depthBytes = row.depth as Uint8Array;
        if (n === 1 && decodeDepth(depthBytes).format === 'png16') writeFileSync(path.join(dir, `${name}.png`), depthBytes);
        else {
          const metres = new Float32Array(subWidth * depth.height);
          for (let v = 0; v < depth.height; v++)
            metres.set(depth.metres.subarray(v * depth.width + c * subWidth, v * depth.width + (c + 1) * subWidth), v * subWidth);
          writeFileSync(path.join(dir, `${name}.png`), encodeDepthPng16(subWidth, depth.height, metres));
        }
        const imageBytes = row.image as Uint8Array | null;
        const isJpeg = imageBytes && imageBytes[0] === 0xff && imageBytes[1] === 0xd8;
        if (n === 1 && colour && isJpeg)
          writeFileSync(path.join(dir, `${name}.jpg`), imageBytes);
        else {
          // Nearest colour pixel at each depth pixel, as the back-projection takes it.
          const rgb = new Uint8Array(subWidth * depth.height * 3).fill(128);
          if (colour) {
            const sx = colourSubWidth / subWidth;
            const sy = colour.height / depth.height;
            for (let v = 0; v < depth.height; v++)
              for (let u = 0; u < subWidth; u++) {
                const cu = Math.min(colourSubWidth - 1, Math.round(u * sx)) + c * colourSubWidth;
                const cv = Math.min(colour.height - 1, Math.round(v * sy));
                rgb.set(colour.rgb.subarray((cv * colour.width + cu) * 3, (cv * colour.width + cu) * 3 + 3), (v * subWidth + u) * 3);
              }
          }
          writeFileSync(path.join(dir, `${name}.jpg`), encodeJpeg(subWidth, depth.height, rgb, 95));
        }
        const calibratedWidth = cam.width > 0 ? cam.width : colour ? colourSubWidth : subWidth;
        const scale = subWidth / calibratedWidth;
        const t = multiply(pose, cam.localTransform);
        frames.push({
          depth: `${name}.png`,
          colour: `${name}.jpg`,
          width: subWidth,
          height: depth.height,
          fx: cam.fx * scale,
          fy: cam.fy * scale,
          cx: cam.cx * scale,
          cy: cam.cy * scale,
          cameraToWorld: [...t, 0, 0, 0, 1],
        });
      });
    }
  } finally {
    db.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(path.join(dir, 'frames.json'), JSON.stringify(frames));
  return frames.length;
}

export interface Open3dCloud {
  cloudS: number;
  cloudCpuS: number;
  points: number;
  peakMiB: number;
  baselineMiB: number;
  positions: Float32Array;
}

export interface Open3dMesh {
  fuseS: number;
  fuseCpuS: number;
  extractS: number;
  simplifyS: number;
  meshS: number;
  meshCpuS: number;
  extracted: number;
  triangles: number;
  peakMiB: number;
  baselineMiB: number;
  positions: Float32Array;
  indices: Uint32Array;
}

const script = new URL('./open3d_scan3d.py', import.meta.url).pathname;

function runScript(open3d: Open3d, mode: 'cloud' | 'mesh', framesDir: string, outDir: string): Record<string, number> {
  mkdirSync(outDir, { recursive: true });
  const [cmd, ...args] = [...oneCorePrefix(), open3d.python, script, mode, framesDir, outDir];
  const r = spawnSync(cmd!, args, {
    encoding: 'utf8',
    env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
  });
  if (r.status !== 0) throw new Error(`Open3D's ${mode} run failed: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, number>;
}

function readArray<T>(file: string, make: (buffer: ArrayBuffer) => T): T {
  const bytes = readFileSync(file);
  return make(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

export function runOpen3dCloud(open3d: Open3d, framesDir: string, outDir: string): Open3dCloud {
  const r = runScript(open3d, 'cloud', framesDir, outDir);
  return {
    cloudS: r.cloudS!,
    cloudCpuS: r.cloudCpuS!,
    points: r.points!,
    peakMiB: r.peakMiB!,
    baselineMiB: r.baselineMiB!,
    positions: readArray(path.join(outDir, 'positions.f32'), (b) => new Float32Array(b)),
  };
}

export function runOpen3dMesh(open3d: Open3d, framesDir: string, outDir: string): Open3dMesh {
  const r = runScript(open3d, 'mesh', framesDir, outDir);
  return {
    fuseS: r.fuseS!,
    fuseCpuS: r.fuseCpuS!,
    extractS: r.extractS!,
    simplifyS: r.simplifyS!,
    meshS: r.meshS!,
    meshCpuS: r.meshCpuS!,
    extracted: r.extracted!,
    triangles: r.triangles!,
    peakMiB: r.peakMiB!,
    baselineMiB: r.baselineMiB!,
    positions: readArray(path.join(outDir, 'positions.f32'), (b) => new Float32Array(b)),
    indices: readArray(path.join(outDir, 'triangles.u32'), (b) => new Uint32Array(b)),
  };
}
