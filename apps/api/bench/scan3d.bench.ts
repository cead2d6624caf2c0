/**
 * Point clouds and meshes from RTAB-Map recordings (GENERATE_POINT_CLOUD's and GENERATE_MESH's work, on one
 * core). Clouds: for `../shared/data/3d`'s
 * recordings with their truth files (optimised poses, and odometry only beside them) and for a generated room
 * of the same size (40 frames of 320 × 240), prints the time to read, decode, back-project and merge into the
 * 1 cm voxel grid (and to write the PLY and PCD), the points, the fraction of points within 2 cm of the true
 * surfaces, the visible area covered, and the peak memory of the process. Each case runs in a child process
 * so its peak memory is its own. Meshes (optimised poses): the time to fuse the depth into the 1 cm TSDF
 * (4 cm truncation), extract the surface (marching cubes) and simplify it to ≤ 300,000 triangles, then to
 * write the GLB and OBJ; the triangles; the area-weighted mean distance of the surface to the truth; the share
 * of the visible true area with the mesh within 2 cm (holes show as a lower share); the peak memory. Open3D's
 * figures are printed beside when a Python with open3d is installed (Debian's python3-open3d: `open3d.ts`,
 * `open3d_scan3d.py`), on the same frames and the same core, with their accuracy against the same truth.
 * Both runs are pinned to one core (taskset); "cpu s" is each process's CPU time, the fairer figure when the
 * machine is shared.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  generatePointCloud,
  pointAccuracy,
  pointCloudFiles,
  surfaceCoverage,
} from '@gprhub/scan3d/cloud';
import {
  generateSyntheticRecording,
  RoomScene,
  truthViews,
  type RoomTruth,
} from '@gprhub/scan3d/rtabmap';
import { generateMesh, meshAccuracy, meshFiles, sampleMeshSurface } from '@gprhub/scan3d/mesh';
import { openRtabmapFile, writeRtabmapFile } from '../src/jobs/rtabmap-sqlite.js';
import { exportFramesForOpen3d, findOpen3d, oneCorePrefix, runOpen3dCloud, runOpen3dMesh } from './open3d.js';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const dataDir = path.resolve(repoRoot, '../shared/data/3d');

/** CPU seconds of the whole process (all its threads), user and system. */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

interface CaseResult {
  name: string;
  poses: string;
  frames: number;
  points: number;
  cloudS: number;
  cloudCpuS: number;
  writeS: number;
  within2cm: number;
  meanMm: number;
  covered: number;
  visibleM2: number;
  peakMiB: number;
}

interface MeshCaseResult {
  name: string;
  frames: number;
  fuseS: number;
  fuseCpuS: number;
  extractS: number;
  simplifyS: number;
  meshS: number;
  meshCpuS: number;
  writeS: number;
  extracted: number;
  triangles: number;
  meanMm: number;
  covered: number;
  peakMiB: number;
}

async function runMeshCase(dbFile: string, truth: RoomTruth, name: string): Promise<MeshCaseResult> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-bench-3d-'));
  const copy = path.join(tmp, 'rtabmap.db');
  copyFileSync(dbFile, copy);
  const db = openRtabmapFile(copy);
  try {
    // Phase ends, read off the progress messages.
    const marks: Record<string, number> = {};
    const c0 = cpuSeconds();
    const t0 = performance.now();
    const result = await generateMesh(db, {}, (_fraction, message) => {
      if (message.startsWith('extracting')) {
        marks.fused = performance.now();
        marks.fusedCpu = cpuSeconds();
      }
      if (message.startsWith('simplifying')) marks.extracted = performance.now();
    });
    const t1 = performance.now();
    const c1 = cpuSeconds();
    meshFiles(result);
    const t2 = performance.now();
    const peakMiB = process.resourceUsage().maxRSS / 1024;
    const scene = new RoomScene(truth);
    const accuracy = meshAccuracy(result.mesh, scene);
    const samples = sampleMeshSurface(result.mesh, 0.01);
    const coverage = surfaceCoverage(samples.positions, scene, truthViews(truth), { maxRangeM: result.stats.maxRangeM });
    return {
      name,
      frames: result.stats.framesUsed,
      fuseS: (marks.fused! - t0) / 1000,
      fuseCpuS: marks.fusedCpu! - c0,
      extractS: (marks.extracted! - marks.fused!) / 1000,
      simplifyS: (t1 - marks.extracted!) / 1000,
      meshS: (t1 - t0) / 1000,
      meshCpuS: c1 - c0,
      writeS: (t2 - t1) / 1000,
      extracted: result.stats.trianglesExtracted,
      triangles: result.stats.triangles,
      meanMm: accuracy.meanDistanceM * 1000,
      covered: coverage.covered,
      peakMiB,
    };
  } finally {
    db.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function runCase(
  dbFile: string,
  truth: RoomTruth,
  name: string,
  poseSource: 'auto' | 'odometry',
): CaseResult {
  const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-bench-3d-'));
  const copy = path.join(tmp, 'rtabmap.db');
  copyFileSync(dbFile, copy);
  const db = openRtabmapFile(copy);
  try {
    const c0 = cpuSeconds();
    const t0 = performance.now();
    const cloud = generatePointCloud(db, { poseSource });
    const t1 = performance.now();
    const c1 = cpuSeconds();
    pointCloudFiles(cloud);
    const t2 = performance.now();
    const peakMiB = process.resourceUsage().maxRSS / 1024;
    const scene = new RoomScene(truth);
    const accuracy = pointAccuracy(cloud.positions, scene);
    const coverage = surfaceCoverage(cloud.positions, scene, truthViews(truth), { maxRangeM: cloud.stats.maxRangeM });
    return {
      name,
      poses: cloud.stats.poseSource,
      frames: cloud.stats.framesUsed,
      points: cloud.stats.points,
      cloudS: (t1 - t0) / 1000,
      cloudCpuS: c1 - c0,
      writeS: (t2 - t1) / 1000,
      within2cm: accuracy.withinTolerance,
      meanMm: accuracy.meanDistanceM * 1000,
      covered: coverage.covered,
      visibleM2: coverage.visibleAreaM2,
      peakMiB,
    };
  } finally {
    db.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const [, , mode, dbFile, truthFile, name, poseSource] = process.argv;
if (mode === '--mesh-case') {
  const truth = JSON.parse(readFileSync(truthFile!, 'utf8')) as RoomTruth;
  console.log(JSON.stringify(await runMeshCase(dbFile!, truth, name!)));
} else if (mode === '--case') {
  const truth = JSON.parse(readFileSync(truthFile!, 'utf8')) as RoomTruth;
  console.log(JSON.stringify(runCase(dbFile!, truth, name!, poseSource as 'auto' | 'odometry')));
} else {
  const work = mkdtempSync(path.join(tmpdir(), 'gprhub-bench-3d-'));
  const cases: [string, string, string][] = [];
  for (const f of ['dev-room', 'var-rvl', 'var-ios']) {
    const db = path.join(dataDir, `${f}.db`);
    if (existsSync(db)) cases.push([db, path.join(dataDir, `${f}.truth.json`), f]);
  }
  if (cases.length === 0)
    console.log(`(shared recordings not found at ${dataDir}: only the generated room runs)`);
  const generated = generateSyntheticRecording({ seed: 1, frames: 40, width: 320, height: 240 });
  const genDb = path.join(work, 'generated.db');
  writeRtabmapFile(genDb, generated);
  const genTruth = path.join(work, 'generated.truth.json');
  writeFileSync(genTruth, JSON.stringify(generated.truth));
  cases.push([genDb, genTruth, 'generated room']);

  // Ours on one core: the child pinned to one CPU (taskset), so its wall time is what one core gives it.
  const self = new URL(import.meta.url).pathname;
  const runChild = (args: string[]): string | null => {
    const [cmd, ...rest] = [...oneCorePrefix(), process.execPath, '--import', 'tsx', self, ...args];
    const r = spawnSync(cmd!, rest, { cwd: repoRoot, encoding: 'utf8' });
    if (r.status !== 0) {
      console.log(`${args.slice(3).join(' ')}: failed\n${r.stderr}`);
      return null;
    }
    return r.stdout.trim().split('\n').at(-1)!;
  };
  const rows: CaseResult[] = [];
  for (const [db, truth, name] of cases) {
    for (const poses of ['auto', 'odometry']) {
      const out = runChild(['--case', db, truth, name, poses]);
      if (out) rows.push(JSON.parse(out) as CaseResult);
    }
  }
  const meshRows: MeshCaseResult[] = [];
  for (const [db, truth, name] of cases) {
    const out = runChild(['--mesh-case', db, truth, name]);
    if (out) meshRows.push(JSON.parse(out) as MeshCaseResult);
  }

  // Open3D's run of the same work on the same frames, when a Python with open3d is installed.
  const open3d = findOpen3d();
  const theirClouds = new Map<string, CaseResult>();
  const theirMeshes = new Map<string, MeshCaseResult>();
  if (open3d) {
    for (const [db, truthFile, name] of cases) {
      try {
        const frames = path.join(work, `${name}-frames`);
        exportFramesForOpen3d(db, frames);
        const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as RoomTruth;
        const scene = new RoomScene(truth);
        const views = truthViews(truth);
        const cloud = runOpen3dCloud(open3d, frames, path.join(work, `${name}-open3d-cloud`));
        const accuracy = pointAccuracy(cloud.positions, scene);
        const coverage = surfaceCoverage(cloud.positions, scene, views, { maxRangeM: 4 });
        theirClouds.set(name, {
          name,
          poses: 'optimized',
          frames: 0,
          points: cloud.points,
          cloudS: cloud.cloudS,
          cloudCpuS: cloud.cloudCpuS,
          writeS: NaN,
          within2cm: accuracy.withinTolerance,
          meanMm: accuracy.meanDistanceM * 1000,
          covered: coverage.covered,
          visibleM2: coverage.visibleAreaM2,
          peakMiB: cloud.peakMiB,
        });
        const mesh = runOpen3dMesh(open3d, frames, path.join(work, `${name}-open3d-mesh`));
        const triangles = { positions: mesh.positions, indices: mesh.indices };
        const meshAcc = meshAccuracy(triangles, scene);
        const samples = sampleMeshSurface(triangles, 0.01);
        const meshCoverage = surfaceCoverage(samples.positions, scene, views, { maxRangeM: 4 });
        theirMeshes.set(name, {
          name,
          frames: 0,
          fuseS: mesh.fuseS,
          fuseCpuS: mesh.fuseCpuS,
          extractS: mesh.extractS,
          simplifyS: mesh.simplifyS,
          meshS: mesh.meshS,
          meshCpuS: mesh.meshCpuS,
          writeS: NaN,
          extracted: mesh.extracted,
          triangles: mesh.triangles,
          meanMm: meshAcc.meanDistanceM * 1000,
          covered: meshCoverage.covered,
          peakMiB: mesh.peakMiB,
        });
      } catch (error) {
        console.log(`Open3D on ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  rmSync(work, { recursive: true, force: true });

  const fixed = (v: number, digits: number, width: number) => (Number.isFinite(v) ? v.toFixed(digits) : '–').padStart(width);
  const cloudLine = (r: CaseResult, who: string) =>
    `${r.name.padEnd(16)} ${who.padEnd(7)} ${r.poses.padEnd(10)} ${String(r.points).padStart(7)}  ${fixed(r.cloudS, 2, 7)}  ${fixed(r.cloudCpuS, 2, 6)}  ${fixed(r.writeS, 2, 7)}  ${(r.within2cm * 100).toFixed(2).padStart(6)} %  ${r.meanMm.toFixed(1).padStart(7)}  ${(r.covered * 100).toFixed(1).padStart(6)} %  ${r.visibleM2.toFixed(1).padStart(10)}  ${r.peakMiB.toFixed(0).padStart(8)}`;
  console.log(
    `point cloud, 1 cm voxels, max range 4 m, one core${oneCorePrefix().length ? ' (taskset -c 1)' : ''} (targets: ≥ 97 % of points within 2 cm, ≥ 95 % of the visible area covered; at least as fast as Open3D)`,
  );
  console.log(
    'recording        run     poses       points   cloud s   cpu s  write s  ≤2 cm    mean mm  covered  visible m²  peak MiB',
  );
  for (const r of rows) {
    console.log(cloudLine(r, 'ours'));
    const theirs = theirClouds.get(r.name);
    if (theirs && r.poses === 'optimized') console.log(cloudLine(theirs, 'Open3D'));
  }
  const meshLine = (r: MeshCaseResult, who: string) =>
    `${r.name.padEnd(16)} ${who.padEnd(7)} ${fixed(r.fuseS, 2, 6)}  ${fixed(r.fuseCpuS, 2, 8)}  ${fixed(r.extractS, 2, 9)}  ${fixed(r.simplifyS, 2, 10)}  ${fixed(r.meshS, 2, 6)}  ${fixed(r.meshCpuS, 2, 6)}  ${fixed(r.writeS, 2, 7)}  ${String(r.extracted).padStart(9)}  ${String(r.triangles).padStart(9)}  ${r.meanMm.toFixed(2).padStart(7)}  ${(r.covered * 100).toFixed(1).padStart(6)} %  ${r.peakMiB.toFixed(0).padStart(8)}`;
  console.log(
    '\nmesh, TSDF 1 cm voxels, 4 cm truncation, max range 4 m, marching cubes, ≤ 300,000 triangles, one core (targets: mean distance ≤ 3 mm, ≥ 90 % of the visible area covered; at least as fast as Open3D)',
  );
  console.log('recording        run     fuse s  fuse cpu  extract s  simplify s  mesh s   cpu s  write s  extracted  triangles  mean mm  covered  peak MiB');
  for (const r of meshRows) {
    console.log(meshLine(r, 'ours'));
    const theirs = theirMeshes.get(r.name);
    if (theirs) console.log(meshLine(theirs, 'Open3D'));
  }
  if (open3d)
    console.log(
      `\nOpen3D ${open3d.version} (${open3d.python}, OMP_NUM_THREADS=1, same core) on the frames our reader decoded, written as the database's own JPEG and 16-bit PNG files (RVL and float depth re-encoded as 16-bit PNG): its times include decoding them and resampling a larger colour image to the depth's size, not reading SQLite; cloud = create_from_rgbd_image per frame + voxel_down_sample(1 cm); mesh = ScalableTSDFVolume(1 cm, 4 cm) + extract_triangle_mesh + simplify_quadric_decimation(300,000). "cpu s": the process's CPU time (all threads); peak MiB: its peak RSS, Python and Open3D's libraries included (~75 MiB before any work), as ours includes Node's.`,
    );
  else
    console.log(
      "\nOpen3D: not installed here (Debian's python3-open3d, seen by /usr/bin/python3); issue #16 quotes, for dev-room.db's size on this machine, ~6 s for the 1 cm cloud and ~37 s for the 1 cm TSDF mesh (mean distance 1.7 mm).",
    );
}
