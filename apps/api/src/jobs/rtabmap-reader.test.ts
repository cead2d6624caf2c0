import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backProjectFrame,
  generatePointCloud,
  pointAccuracy,
  pointCloudFiles,
  surfaceCoverage,
  VoxelGrid,
} from '@gprhub/scan3d/cloud';
import {
  generateSyntheticRecording,
  readRtabmapFrame,
  readRtabmapSummary,
  RoomScene,
  rowsToTransform,
  truthViews,
  type RoomTruth,
  type SyntheticOptions,
} from '@gprhub/scan3d/rtabmap';
import { readPlyHeader, readPlyPoints } from '@gprhub/scan3d';
import { openRtabmapFile, writeRtabmapFile } from './rtabmap-sqlite.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = process.env.GPRHUB_SHARED_DATA_DIR
  ? path.join(path.resolve(process.env.GPRHUB_SHARED_DATA_DIR), '3d')
  : path.resolve(repoRoot, '../shared/data/3d');
const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-rtabmap-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function generated(name: string, options: SyntheticOptions) {
  const recording = generateSyntheticRecording(options);
  const file = path.join(tmp, `${name}.db`);
  writeRtabmapFile(file, recording);
  return { file, truth: recording.truth };
}

describe('RTAB-Map databases written by the synthetic generator', () => {
  it('turn into a cloud within 2 cm of the true surfaces that covers what the camera saw', () => {
    const { file, truth } = generated('room', { seed: 3, frames: 10, width: 128, height: 96 });
    const db = openRtabmapFile(file);
    try {
      const summary = readRtabmapSummary(db);
      expect(summary.version).toBe('0.23.8');
      expect(summary.poseSource).toBe('optimized');
      expect(summary.warnings).toEqual([]);
      expect(summary.frameIds).toHaveLength(10);
      const progress: number[] = [];
      const cloud = generatePointCloud(db, {}, (f) => progress.push(f));
      expect(progress.length).toBe(10);
      const scene = new RoomScene(truth);
      const accuracy = pointAccuracy(cloud.positions, scene);
      expect(accuracy.withinTolerance).toBeGreaterThanOrEqual(0.97);
      const coverage = surfaceCoverage(cloud.positions, scene, truthViews(truth), { maxRangeM: 4 });
      expect(coverage.visibleAreaM2).toBeGreaterThan(5);
      expect(coverage.covered).toBeGreaterThanOrEqual(0.95);
      // The voxel grid keeps at most one point per 1 cm voxel.
      const keys = new Set<string>();
      for (let k = 0; k < cloud.stats.points; k++)
        keys.add([0, 1, 2].map((a) => Math.floor(cloud.positions[k * 3 + a]! / 0.01)).join(','));
      expect(keys.size).toBe(cloud.stats.points);
      const files = pointCloudFiles(cloud, 1000);
      const ply = readPlyPoints(files.ply, readPlyHeader(files.ply));
      expect(ply.total).toBe(cloud.stats.points);
      expect(Array.from(ply.positions.subarray(0, 3))).toEqual(Array.from(cloud.positions.subarray(0, 3)));
      expect(new TextDecoder().decode(files.pcd.subarray(0, 200))).toContain('POINTS 1000');
    } finally {
      db.close();
    }
  });

  it('fall back to odometry with a warning when the map was not closed (and the drift shows)', () => {
    const { file, truth } = generated('odometry', {
      seed: 4,
      frames: 10,
      width: 96,
      height: 72,
      optimizedPoses: false,
    });
    const db = openRtabmapFile(file);
    try {
      const cloud = generatePointCloud(db);
      expect(cloud.stats.poseSource).toBe('odometry');
      expect(cloud.stats.warnings.join(' ')).toMatch(/no optimised poses.*odometry/);
      expect(pointAccuracy(cloud.positions, new RoomScene(truth)).withinTolerance).toBeLessThan(0.97);
    } finally {
      db.close();
    }
  });

  it('read RVL and float depth, the old float calibration layout and a colour image larger than the depth', () => {
    for (const [name, options] of [
      ['rvl', { depthFormat: 'rvl' }],
      ['float', { depthFormat: 'float', colourScale: 2 }],
      ['old', { calibrationLayout: 'floats', version: '0.17.6' }],
    ] as [string, SyntheticOptions][]) {
      const { file, truth } = generated(name, { seed: 5, frames: 3, width: 80, height: 60, ...options });
      const db = openRtabmapFile(file);
      try {
        const cloud = generatePointCloud(db);
        expect(
          pointAccuracy(cloud.positions, new RoomScene(truth)).withinTolerance,
          name,
        ).toBeGreaterThanOrEqual(0.97);
        const frame = readRtabmapFrame(db, 1, readRtabmapSummary(db).version);
        expect(frame.depth.format).toBe(options.depthFormat ?? 'png16');
        expect(frame.colour!.width).toBe(80 * (options.colourScale ?? 1));
        // For the cloud and the mesh, colour no finer than the depth: a JPEG twice the depth's size is
        // decoded at half scale (decision 0059), the same size otherwise.
        const atDepth = readRtabmapFrame(db, 1, readRtabmapSummary(db).version, { colour: 'depth' });
        expect([atDepth.colour!.width, atDepth.colour!.height, atDepth.colour!.scale]).toEqual([
          80,
          60,
          options.colourScale ?? 1,
        ]);
      } finally {
        db.close();
      }
    }
  });

  it('refuse files that are not RTAB-Map databases with a clear message', () => {
    const other = path.join(tmp, 'other.db');
    const db = new sqlite.Database(other);
    db.exec('CREATE TABLE Things (id INTEGER)');
    db.close();
    const a = openRtabmapFile(other);
    expect(() => readRtabmapSummary(a)).toThrow(
      /SQLite database but not an RTAB-Map database \(no table Admin, Node, Data\)/,
    );
    a.close();
    const junk = path.join(tmp, 'junk.db');
    writeFileSync(junk, Buffer.alloc(4096, 7));
    const b = openRtabmapFile(junk);
    expect(() => readRtabmapSummary(b)).toThrow(/not an SQLite database|not a readable SQLite database/);
    b.close();
  });
});

const files = ['dev-room', 'var-rvl', 'var-ios'];
const describeData = existsSync(path.join(dataDir, 'dev-room.db'))
  ? describe
  : process.env.GPRHUB_REQUIRE_DATA === '1'
    ? (name: string) =>
        describe(name, () =>
          it('needs the shared 3D data', () => {
            throw new Error(`GPRHUB_REQUIRE_DATA=1 but ${dataDir} has no dev-room.db`);
          }),
        )
    : (name: string, body: () => void) =>
        describe.skip(`${name} (skipped: shared 3D data not found at ${dataDir})`, body);

describeData('the shared RTAB-Map recordings', () => {
  for (const name of files) {
    it(`${name}: version, poses and calibration as its truth says; a frame lies on the true surfaces`, () => {
      const truth = JSON.parse(
        readFileSync(path.join(dataDir, `${name}.truth.json`), 'utf8'),
      ) as RoomTruth & {
        rtabmap_version: string;
        frames: number;
      };
      const copy = path.join(tmp, `${name}.db`);
      copyFileSync(path.join(dataDir, `${name}.db`), copy);
      const db = openRtabmapFile(copy);
      try {
        const summary = readRtabmapSummary(db);
        if (truth.rtabmap_version !== 'default') expect(summary.version).toBe(truth.rtabmap_version);
        expect(summary.frameIds).toHaveLength(truth.frames);
        expect(summary.poseSource).toBe('optimized');
        const first = truth.poses[0]!;
        const pose = summary.poses.get(first.id)!;
        const gt = rowsToTransform(first.ground_truth);
        for (let i = 0; i < 12; i++) expect(pose[i]).toBeCloseTo(gt[i]!, 4);
        const odometry = summary.nodes.find((n) => n.id === truth.poses.at(-1)!.id)!.odometryPose!;
        const odoTruth = rowsToTransform(truth.poses.at(-1)!.odometry);
        for (let i = 0; i < 12; i++) expect(odometry[i]).toBeCloseTo(odoTruth[i]!, 4);

        const frame = readRtabmapFrame(db, first.id, summary.version);
        expect([frame.depth.width, frame.depth.height]).toEqual([
          truth.camera.depth_width,
          truth.camera.depth_height,
        ]);
        expect([frame.colour!.width, frame.colour!.height]).toEqual([
          truth.camera.width,
          truth.camera.height,
        ]);
        const cam = frame.cameras[0]!;
        expect(cam.fx).toBeCloseTo(truth.camera.fx, 3);
        expect(cam.cy).toBeCloseTo(truth.camera.cy, 3);
        const local = rowsToTransform(truth.camera.local_transform);
        for (let i = 0; i < 12; i++) expect(cam.localTransform[i]).toBeCloseTo(local[i]!, 5);

        const grid = new VoxelGrid(0.01);
        backProjectFrame(frame, pose, grid, { maxRangeM: 4, minRangeM: 0.05, decimation: 1 });
        const { positions } = grid.points();
        expect(positions.length).toBeGreaterThan(1000);
        expect(pointAccuracy(positions, new RoomScene(truth)).withinTolerance).toBeGreaterThanOrEqual(0.97);
      } finally {
        db.close();
      }
    });
  }
});
